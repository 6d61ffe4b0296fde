import { describe, expect, it } from 'vitest';
import { detectedLine, inFramePixels } from './ocr-lines.ts';

describe('detectedLine', () => {
  it('a level line: its bounds and angle 0', () => {
    const line = detectedLine({
      quad: [
        [10, 20],
        [110, 20],
        [110, 40],
        [10, 40],
      ],
      score: 0.9,
    });
    expect(line).toEqual({ x: 10, y: 20, width: 100, height: 20, angle: 0, score: 0.9 });
  });

  it('a line running down the frame: about π/2, whichever corner the box starts at', () => {
    const down = detectedLine({
      quad: [
        [50, 0],
        [70, 0],
        [70, 200],
        [50, 200],
      ],
      score: 1,
    });
    expect(down.angle).toBeCloseTo(Math.PI / 2);
    const tilted = detectedLine({
      quad: [
        [100, 0],
        [0, 100],
        [-10, 90],
        [90, -10],
      ],
      score: 1,
    });
    expect(Math.abs(tilted.angle)).toBeCloseTo(Math.PI / 4);
  });
});

describe('inFramePixels', () => {
  it('places each line in the frame’s pixels, keeping its text, score and row', () => {
    const [line] = inFramePixels(
      [{ text: 'EXIT', score: 0.9, frame: { x: 0.5, y: 0.25, width: 0.25, height: 0.1 }, row: 2 }],
      400,
      200,
    );
    expect(line).toEqual({
      text: 'EXIT',
      score: 0.9,
      box: { x: 200, y: 50, width: 100, height: 20 },
      row: 2,
    });
  });
});
