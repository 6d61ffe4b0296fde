import { describe, expect, it } from 'vitest';
import {
  flippedStrip,
  lineReadsFlipped,
  pageReadingAngle,
  quarterTurnsFor,
  straightened,
  pageReadsFlipped,
  turnedImage,
  boxBeforeTurning,
} from './orientation.ts';
import { stripOfQuad } from './strip.ts';

const read = (text: string, score: number) => ({ text, score });
const horizontal = stripOfQuad([
  [10, 10],
  [110, 10],
  [110, 30],
  [10, 30],
]);

describe('which way up a page reads', () => {
  it('a page vote: the way its lines read better in total, weighed by how much they read', () => {
    // "880" upside down reads as a confident "088"; the longer lines decide
    const pairs = [
      [read('088', 0.93), read('880', 0.95)],
      [read('sɹǝʇʇ', 0.41), read('KIRKLAND', 0.97)],
      [read('bw 0Z', 0.52), read('20 mg', 0.96)],
    ] as const;
    expect(pageReadsFlipped(pairs)).toBe(true);
    expect(pageReadsFlipped([[read('出口', 0.9), read('口出', 0.9)]])).toBe(false);
  });

  it("a line keeps the page's way unless its other reading is clearly better", () => {
    expect(lineReadsFlipped(read('088', 0.93), read('880', 0.95), true)).toBe(true);
    expect(lineReadsFlipped(read('088', 0.93), read('880', 0.95), false)).toBe(false);
    expect(lineReadsFlipped(read('HO', 0.4), read('PORK LOIN', 0.95), false)).toBe(true);
  });

  it('turning a strip half round reads it from the other end, tops swapped with bottoms', () => {
    const turned = flippedStrip(horizontal);
    expect(turned.top).toEqual([
      [110, 30],
      [10, 30],
    ]);
    expect(flippedStrip(turned)).toEqual(horizontal);
  });

  it('quarter turns to upright from the reading directions, and points straightened with them', () => {
    const turns = (strips: Parameters<typeof pageReadingAngle>[0]) =>
      quarterTurnsFor(pageReadingAngle(strips));
    expect(turns([horizontal])).toBe(0);
    expect(turns([flippedStrip(horizontal)])).toBe(2);
    const downwards = {
      top: [[50, 0] as const, [50, 100] as const],
      bottom: [[30, 0] as const, [30, 100] as const],
      aspect: 5,
    };
    expect(turns([downwards])).toBe(3);
    // a line tilted 8° reads level once straightened; lines reading downwards run left to right
    const tilted = (8 * Math.PI) / 180;
    const [[x0, y0] = [], [x1, y1] = []] = straightened(
      [
        [0, 0],
        [Math.cos(tilted) * 100, Math.sin(tilted) * 100],
      ],
      tilted,
    );
    expect(y1! - y0!).toBeCloseTo(0);
    expect(x1! - x0!).toBeCloseTo(100);
    const [[, a] = [], [, b] = []] = straightened(
      [
        [50, 0],
        [50, 100],
      ],
      pageReadingAngle([downwards]),
    );
    expect(a).toBeCloseTo(b!);
  });
});

describe('turning the photo itself', () => {
  it('moves each pixel a quarter turn clockwise per turn', () => {
    // 3 × 2 pixels, each red channel its index
    const image = {
      width: 3,
      height: 2,
      data: new Uint8Array([0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 5, 0, 0]),
    };
    const turned = turnedImage(image, 1);
    expect([turned.width, turned.height]).toEqual([2, 3]);
    // pixel (2, 0), the top-right, goes to the bottom-right after a clockwise quarter turn
    expect(turned.data[(2 * 2 + 1) * 3]).toBe(2);
    expect(turnedImage(turnedImage(turnedImage(turned, 1), 1), 1).data).toEqual(image.data);
    expect(turnedImage(image, 2).data[0]).toBe(5);
  });
});

describe('a box found in the turned photo', () => {
  it('is put back where it was in the photo as taken', () => {
    const topLeft = { x: 0, y: 0, width: 0.2, height: 0.1 };
    const expectTopLeft = (b: { x: number; y: number; width: number; height: number }) =>
      (['x', 'y', 'width', 'height'] as const).forEach((k) => expect(b[k]).toBeCloseTo(topLeft[k], 9));
    // a clockwise quarter turn takes the top-left corner to the top-right
    expectTopLeft(boxBeforeTurning({ x: 0.9, y: 0, width: 0.1, height: 0.2 }, 1));
    expectTopLeft(boxBeforeTurning({ x: 0.8, y: 0.9, width: 0.2, height: 0.1 }, 2));
    expectTopLeft(boxBeforeTurning({ x: 0, y: 0.8, width: 0.1, height: 0.2 }, 3));
    expectTopLeft(boxBeforeTurning(topLeft, 0));
  });
});
