import { describe, expect, it } from 'vitest';
import type { Pixels } from '../frame-print.ts';
import type { Detector } from './detector-client.ts';
import type { Detections } from './detections.ts';
import { quarterTurned, TurnedViews } from './turned-views.ts';

/** A w×h frame whose pixel (x, y) has red x and green y, so a turn can be read back from it. */
function marked(width: number, height: number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([x, y, 7, 255], (y * width + x) * 4);
  return { data, width, height };
}
const at = (p: Pixels, x: number, y: number) => [
  ...p.data.slice((y * p.width + x) * 4, (y * p.width + x) * 4 + 2),
];

describe('quarterTurned', () => {
  it('turns clockwise and back, swapping the sides, and leaves the original alone', () => {
    const frame = marked(3, 2);
    const right = quarterTurned(frame, 1);
    expect([right.width, right.height]).toEqual([2, 3]);
    // clockwise: the bottom-left corner comes to the top-left, the top-left to the top-right
    expect(at(right, 0, 0)).toEqual([0, 1]);
    expect(at(right, 1, 0)).toEqual([0, 0]);
    expect(at(right, 1, 2)).toEqual([2, 0]);
    const left = quarterTurned(frame, 3);
    expect([left.width, left.height]).toEqual([2, 3]);
    // the other way: the top-right corner comes to the top-left
    expect(at(left, 0, 0)).toEqual([2, 0]);
    expect(at(left, 1, 2)).toEqual([0, 1]);
    expect(at(frame, 0, 0)).toEqual([0, 0]);
    expect(quarterTurned(frame, 0)).toBe(frame);
  });
});

/**
 * A detector that sees a person only in a frame the right way up: the one whose top-left pixel is
 * the marked frame's pixel `upright` says (what a sideways phone's frame turned back shows).
 */
function detectorSeeingUprightAt(corner: [number, number]) {
  const seen: number[] = [];
  const detector: Detector = {
    detect(pixels) {
      seen.push(pixels.width);
      const upright = at(pixels, 0, 0).join() === corner.join();
      const things = upright
        ? [{ label: 'person', score: 0.6, box: { x: 0.1, y: 0.2, width: 0.2, height: 0.6 } }]
        : [];
      return Promise.resolve<Detections>({ things, faces: [], aspect: pixels.width / pixels.height });
    },
    dispose: () => undefined,
  };
  return { detector, seen };
}
const wantsPeople = (d: Detections) => d.things.some((t) => t.label === 'person');
const signal = new AbortController().signal;

describe('TurnedViews', () => {
  it('an upright view: one look, as it comes', async () => {
    const { detector, seen } = detectorSeeingUprightAt([0, 0]);
    const look = await new TurnedViews(detector).look(marked(4, 2), signal, wantsPeople);
    expect([look.turns, look.looks, look.detections.things.length]).toEqual([0, 1, 1]);
    expect(seen).toEqual([4]);
  });

  it('a phone on its side: found turned, in the turned frame, and that way is tried first from then on', async () => {
    // turned back clockwise, a frame shows its bottom-left pixel (0, 1) at the top-left
    const { detector, seen } = detectorSeeingUprightAt([0, 1]);
    const views = new TurnedViews(detector);
    const found = await views.look(marked(4, 2), signal, wantsPeople);
    expect([found.turns, found.looks]).toEqual([1, 2]);
    // in the turned frame: portrait, 2 wide and 4 high
    expect(found.detections.aspect).toBe(0.5);
    const next = await views.look(marked(4, 2), signal, wantsPeople);
    expect([next.turns, next.looks]).toEqual([1, 1]);
    expect(seen).toEqual([4, 2, 2]);
  });

  it('nothing wanted anywhere: every way is tried, and what the usual way saw is kept', async () => {
    const { detector, seen } = detectorSeeingUprightAt([9, 9]);
    const look = await new TurnedViews(detector).look(marked(4, 2), signal, wantsPeople);
    expect([look.turns, look.looks, look.detections.aspect]).toEqual([0, 3, 2]);
    expect(seen).toEqual([4, 2, 2]);
  });
});
