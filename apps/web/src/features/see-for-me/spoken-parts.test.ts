import { describe, expect, it } from 'vitest';
import { BRIEF_SYLLABLES, briefParts, syllablesOf } from './spoken-parts.ts';

describe('the brief spoken part of an answer', () => {
  it('says the first sentences that fit in one breath and keeps the rest', () => {
    const answer =
      '注意：前方有“小心地滑”的警示牌。画面中有文字：“出口 EXIT”。左边有一张桌子，桌上有一个杯子和一本书。右边远处有一扇门，门上贴着营业时间。';
    const { now, rest } = briefParts(answer);
    expect(now).toBe('注意：前方有“小心地滑”的警示牌。画面中有文字：“出口 EXIT”。');
    expect(rest).toBe('左边有一张桌子，桌上有一个杯子和一本书。右边远处有一扇门，门上贴着营业时间。');
    expect(syllablesOf(now)).toBeLessThanOrEqual(BRIEF_SYLLABLES);
  });

  it('never cuts a sentence: a long first one is said whole, a short answer has no rest', () => {
    const long = '这是一段没有句号的很长的文字'.repeat(6);
    expect(briefParts(long)).toEqual({ now: long, rest: '' });
    expect(briefParts('前方有一扇门。')).toEqual({ now: '前方有一扇门。', rest: '' });
  });

  it('ends English sentences at a full stop before a space, not inside numbers or addresses', () => {
    const answer =
      'The label says 3.5 mg, take one tablet daily. Visit www.example.cn for details. Keep out of reach of children, store below 25 degrees in a dry place, and ask a doctor before use.';
    expect(briefParts(answer)).toEqual({
      now: 'The label says 3.5 mg, take one tablet daily. Visit www.example.cn for details.',
      rest: 'Keep out of reach of children, store below 25 degrees in a dry place, and ask a doctor before use.',
    });
    expect(syllablesOf('The label says 3.5 mg')).toBe(7.5);
  });

  it('keeps lines read from a sign as sentences of their own', () => {
    expect(briefParts('画面中的文字：\n末班 23:00\n首班 6:00')).toEqual({
      now: '画面中的文字：\n末班 23:00\n首班 6:00',
      rest: '',
    });
  });
});
