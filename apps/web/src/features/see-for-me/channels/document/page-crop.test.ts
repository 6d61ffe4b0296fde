import { describe, expect, it } from 'vitest';
import { cropToPage } from './page-crop.ts';

/** A 100×50 frame whose every pixel holds its own x in red and y in green. */
function frame() {
  const data = new Uint8ClampedArray(100 * 50 * 4);
  for (let y = 0; y < 50; y += 1) {
    for (let x = 0; x < 100; x += 1) data.set([x, y, 0, 255], (y * 100 + x) * 4);
  }
  return { data, width: 100, height: 50 };
}

describe('the page cut out of the frame', () => {
  it('keeps the page and a margin of 4 % of the frame around it', () => {
    const page = cropToPage(frame(), { left: 0.3, top: 0.2, right: 0.6, bottom: 0.8 });
    expect([page.width, page.height]).toEqual([38, 34]);
    // its first pixel is the frame's (26, 8), its last the frame's (63, 41)
    expect([...page.data.subarray(0, 2)]).toEqual([26, 8]);
    expect([...page.data.subarray(page.data.length - 4, page.data.length - 2)]).toEqual([63, 41]);
  });

  it('stops at the frame', () => {
    const page = cropToPage(frame(), { left: 0, top: 0, right: 1, bottom: 1 });
    expect([page.width, page.height]).toEqual([100, 50]);
  });
});
