import { describe, expect, it } from 'vitest';
import type { TextLine } from './reading-order.ts';
import { withoutEchoes } from './echo-lines.ts';

const line = (text: string, x: number, y: number, width: number, height: number): TextLine => ({
  text,
  score: 0.95,
  points: [],
  frame: { x, y, width, height },
});

describe('a piece of a line read again on its own', () => {
  it('is left out when it lies inside the line and says part of it', () => {
    // as read off the notice turned 8°: the piece's box sticks out above the tilted line's
    const whole = line('香河县住房保障和房产管理局', 0.197, 0.786, 0.607, 0.111);
    const echo = line('和房', 0.585, 0.767, 0.081, 0.043);
    expect(withoutEchoes([whole, echo])).toEqual([whole]);
  });

  it('is kept when it says something else, or stands elsewhere on the page', () => {
    const whole = line('香河县住房保障和房产管理局', 0.1, 0.7, 0.6, 0.06);
    const other = line('盖章', 0.45, 0.71, 0.08, 0.05);
    const repeated = line('和房', 0.45, 0.2, 0.08, 0.05);
    expect(withoutEchoes([whole, other, repeated])).toEqual([whole, other, repeated]);
  });

  it('keeps both of two lines that say the same (a price printed twice)', () => {
    const a = line('¥73.00', 0.1, 0.1, 0.2, 0.05);
    const b = line('¥73.00', 0.1, 0.1, 0.2, 0.05);
    expect(withoutEchoes([a, b])).toEqual([a, b]);
  });
});
