import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.ts';

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
  it('keeps clauses short, the first one shortest', () => {
    const clauses = splitClauses('一'.repeat(60));
    expect(clauses[0]).toHaveLength(12);
    expect(clauses.every((c) => c.length <= 24)).toBe(true);
    expect(clauses.join('')).toBe('一'.repeat(60));
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
