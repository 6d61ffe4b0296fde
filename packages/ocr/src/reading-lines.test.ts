import { describe, expect, it } from 'vitest';
import type { TextLine } from './reading-order.ts';
import { readingLines } from './reading-lines.ts';

const line = (text: string, x: number, y: number): TextLine => ({
  text,
  score: 0.9,
  points: [
    [x, y],
    [x + 100, y],
    [x + 100, y + 20],
    [x, y + 20],
  ],
  frame: { x: x / 400, y: y / 200, width: 0.25, height: 0.1 },
});

describe('readingLines', () => {
  it('orders rows top to bottom and left to right, numbers the rows and spaces English words', () => {
    const lines = readingLines([line('EXIT', 200, 100), line('出口', 0, 100), line(' TurnLeft ', 0, 10)]);
    expect(lines.map((l) => [l.text, l.row])).toEqual([
      ['Turn Left', 0],
      ['出口', 1],
      ['EXIT', 1],
    ]);
    expect(lines[2]?.frame).toEqual({ x: 0.5, y: 0.5, width: 0.25, height: 0.1 });
  });
});
