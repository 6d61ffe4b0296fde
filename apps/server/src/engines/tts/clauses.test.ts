import { describe, expect, it } from 'vitest';
import {
  CROWD_FIRST_CLAUSE_CHARS,
  firstClauseChars,
  MAX_FIRST_CLAUSE_CHARS,
  splitClauses,
} from './clauses.ts';

describe('splitClauses', () => {
  it('splits at Chinese and Latin clause punctuation and drops it', () => {
    expect(splitClauses('你好，世界。今天好吗？好!\n再见')).toEqual([
      '你好',
      '世界',
      '今天好吗',
      '好',
      '再见',
    ]);
  });
  it('keeps a point, colon or comma between digits in its number', () => {
    expect(splitClauses('一次3.5毫克。末班23:00，共1,000人. Next: go', 24, 24)).toEqual([
      '一次3.5毫克',
      '末班23:00',
      '共1,000人',
      'Next',
      'go',
    ]);
  });

  it('keeps clauses short, the first one shortest', () => {
    const clauses = splitClauses('一'.repeat(60));
    expect(clauses[0]).toHaveLength(12);
    expect(clauses.every((c) => c.length <= 24)).toBe(true);
    expect(clauses.join('')).toBe('一'.repeat(60));
  });
  it('does not cut off a tail of one or two characters', () => {
    expect(splitClauses('前方约五米处有一个人行横道')).toEqual(['前方约五米处有一个人行横道']);
    expect(splitClauses('一'.repeat(14))).toEqual(['一'.repeat(14)]);
    expect(splitClauses('一'.repeat(15))).toEqual(['一'.repeat(12), '一'.repeat(3)]);
    expect(splitClauses('前方约五米处', 24, 4)).toEqual(['前方约五米处']);
    expect(splitClauses('前方约五米处的', 24, 4)).toEqual(['前方约五', '米处的']);
  });
  it('cuts long Latin text at spaces', () => {
    expect(splitClauses('the quick brown fox jumps over the lazy dog', 20)).toEqual([
      'the quick',
      'brown fox jumps over',
      'the lazy dog',
    ]);
  });
  it('skips blank and punctuation-only input', () => {
    expect(splitClauses('  ，。…  ')).toEqual([]);
    expect(splitClauses('')).toEqual([]);
  });
});

describe('firstClauseChars', () => {
  it('shortens the first clause to a word once texts wait for a worker', () => {
    expect(firstClauseChars(0, 2)).toBe(MAX_FIRST_CLAUSE_CHARS);
    expect(firstClauseChars(1, 2)).toBe(MAX_FIRST_CLAUSE_CHARS);
    expect(firstClauseChars(2, 2)).toBe(CROWD_FIRST_CLAUSE_CHARS);
    expect(firstClauseChars(49, 2)).toBe(CROWD_FIRST_CLAUSE_CHARS);
  });
});
