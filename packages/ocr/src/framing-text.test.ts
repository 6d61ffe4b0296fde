import { describe, expect, it } from 'vitest';
import { withoutFramingText } from './framing-text.ts';
import type { Quad } from './quad.ts';

const box = (x: number, y: number, w: number, h: number): Quad => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
/** Five ordinary 24 px lines in the middle of a 600 × 500 frame. */
const body = [0, 1, 2, 3, 4].map((i) => box(100, 100 + i * 40, 300, 24));

describe('framing text', () => {
  it('leaves out small text on the frame border (a camera stamp)', () => {
    const stamp = box(10, 486, 200, 14);
    expect(withoutFramingText([...body, stamp], 600, 500)).toEqual(body);
  });
  it('keeps normal-size text that touches the border, and small text inside the frame', () => {
    const cutLine = box(400, 300, 200, 22);
    const footnote = box(100, 400, 200, 12);
    expect(withoutFramingText([...body, cutLine, footnote], 600, 500)).toHaveLength(7);
  });
  it('keeps everything when too few lines show what size is typical', () => {
    const few = [box(100, 100, 300, 60), box(400, 200, 200, 30)];
    expect(withoutFramingText(few, 600, 300)).toEqual(few);
  });
});
