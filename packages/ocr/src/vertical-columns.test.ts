import { describe, expect, it } from 'vitest';
import { boundsOf } from './geometry.ts';
import type { Quad } from './quad.ts';
import { stackedColumns } from './vertical-columns.ts';

/** A box x, y, width, height. */
const box = (x: number, y: number, w: number, h: number): Quad => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

describe('stacked columns', () => {
  it('joins characters boxed one by one down a sign into one column', () => {
    const columns = stackedColumns([box(100, 64, 60, 62), box(100, 0, 60, 62), box(400, 0, 200, 40)]);
    expect(columns).toHaveLength(1);
    expect(columns[0]!.members).toEqual([1, 0]);
    // read with a margin of 15 % of the column's width (9 px) all round
    const bounds = boundsOf(columns[0]!.quad);
    expect([bounds.x, bounds.y, bounds.width, bounds.height]).toEqual([91, -9, 78, 144]);
  });

  it('joins a column the detector cut in two, and keeps two columns side by side apart', () => {
    const columns = stackedColumns([
      box(200, 0, 60, 250), // right column, top piece
      box(202, 256, 58, 60), // its last character
      box(100, 0, 60, 62),
      box(100, 64, 60, 62),
    ]);
    expect(columns.map((c) => c.members)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('leaves alone horizontal text boxed letter by letter, and wide lines one above another', () => {
    // letters 10 apart in a row, rows 30 apart: the stacks are closer beside than below
    const grid = [0, 1].flatMap((row) => [0, 1, 2].map((col) => box(col * 70, row * 90, 60, 60)));
    expect(stackedColumns(grid)).toEqual([]);
    expect(stackedColumns([box(0, 0, 300, 40), box(0, 45, 300, 40)])).toEqual([]);
  });
});
