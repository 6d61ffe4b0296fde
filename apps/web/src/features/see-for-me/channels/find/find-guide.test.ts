import { describe, expect, it } from 'vitest';
import type { Detections, DetectedThing } from '../detector/detections.ts';
import { FindGuide } from './find-guide.ts';
import { findTarget } from './find-targets.ts';

const CUP = findTarget('cup')!;
const WIDE = 16 / 9;
/** A cup's box about a metre away (10 cm tall: 15 % of a 16:9 frame's height) centred at x. */
const cupAt = (x: number, score = 0.5, height = 0.15): DetectedThing => ({
  label: 'cup',
  score,
  box: { x: x - 0.03, y: 0.5, width: 0.06, height },
});
const frame = (...things: DetectedThing[]): Detections => ({ things, faces: [], aspect: WIDE });
const nothing = frame();

describe('a search for a cup, frame by frame', () => {
  it('says the direction as the cup moves left → centre → right, beeping faster near the centre', () => {
    const guide = new FindGuide(CUP, 0);
    const heard: string[] = [];
    const intervals: number[] = [];
    // the cup drifts across the view, one frame every 300 ms
    for (let i = 0; i <= 30; i += 1) {
      const step = guide.next(frame(cupAt(0.04 + (0.92 * i) / 30)), i * 300);
      if (step.speech?.kind === 'at') heard.push(`${step.speech.where.clock}/${step.speech.where.distance}`);
      intervals.push(step.pace!.intervalMs);
    }
    expect(heard).toEqual(['11/1', '12/1', '1/1']);
    const middle = intervals[15]!;
    expect(middle).toBeLessThan(intervals[0]!);
    expect(middle).toBeLessThan(intervals[30]!);
    expect(Math.min(...intervals)).toBe(middle);
  });

  it('does not repeat itself while the cup stays put, nor for a box that jitters', () => {
    const guide = new FindGuide(CUP, 0);
    expect(guide.next(frame(cupAt(0.3)), 0).speech).not.toBeNull();
    for (let t = 300; t < 10_000; t += 300) {
      const jitter = 0.01 * Math.sin(t);
      expect(guide.next(frame(cupAt(0.3 + jitter, 0.5, 0.15 * (1 + jitter))), t).speech).toBeNull();
    }
  });

  it('says a nearer cup again, as its box grows', () => {
    const guide = new FindGuide(CUP, 0);
    expect(guide.next(frame(cupAt(0.5, 0.5, 0.15)), 0).speech).toEqual({
      kind: 'at',
      where: { clock: 12, distance: '1' },
    });
    expect(guide.next(frame(cupAt(0.5, 0.5, 0.28)), 2_000).speech).toEqual({
      kind: 'at',
      where: { clock: 12, distance: 'half' },
    });
  });

  it('waits a moment between sayings while the phone sweeps past', () => {
    const guide = new FindGuide(CUP, 0);
    guide.next(frame(cupAt(0.1)), 0);
    expect(guide.next(frame(cupAt(0.5)), 500).speech).toBeNull();
    expect(guide.next(frame(cupAt(0.5)), 1_600).speech).toEqual({
      kind: 'at',
      where: { clock: 12, distance: '1' },
    });
  });

  it('pulses once as the cup comes to the centre', () => {
    const guide = new FindGuide(CUP, 0);
    const pulses = [0.3, 0.42, 0.5, 0.51, 0.49, 0.5, 0.3, 0.5].map(
      (x, i) => guide.next(frame(cupAt(x)), i * 300).centred,
    );
    expect(pulses).toEqual([false, false, true, false, false, false, false, true]);
  });

  it('says "not found yet" once when nothing is seen for a while, and again after a sighting is lost', () => {
    const guide = new FindGuide(CUP, 0);
    const said = (from: number, to: number, detections = nothing) => {
      const out: number[] = [];
      for (let t = from; t <= to; t += 250)
        if (guide.next(detections, t).speech?.kind === 'notFound') out.push(t);
      return out;
    };
    expect(said(0, 5_750)).toEqual([]);
    expect(said(6_000, 20_000)).toEqual([6_000]);
    // found, then gone: beeps stop after a moment, "not found" once more later
    expect(guide.next(frame(cupAt(0.5)), 20_250).speech?.kind).toBe('at');
    expect(guide.next(nothing, 20_500).pace).toBeUndefined();
    expect(guide.next(nothing, 22_000).pace).toBeNull();
    expect(said(22_250, 40_000)).toEqual([27_750]);
    // and found again: said again, wherever it is
    expect(guide.next(frame(cupAt(0.5)), 40_250).speech?.kind).toBe('at');
  });

  it('ignores what is not the cup, and a cup the detector is unsure of', () => {
    const guide = new FindGuide(CUP, 0);
    const step = guide.next(frame({ ...cupAt(0.5), label: 'bottle' }, cupAt(0.2, 0.2)), 0);
    expect(step.speech).toBeNull();
    expect(step.pace).toBeNull();
  });

  it('counts a glass as a cup', () => {
    const guide = new FindGuide(CUP, 0);
    expect(guide.next(frame({ ...cupAt(0.5), label: 'wine glass' }), 0).speech?.kind).toBe('at');
  });

  it('tells on a tap where the cup is, or that it is not found yet', () => {
    const guide = new FindGuide(CUP, 0);
    expect(guide.tell(0)).toEqual({ kind: 'notFound' });
    guide.next(frame(cupAt(0.9)), 100);
    expect(guide.tell(200)).toEqual({ kind: 'at', where: { clock: 1, distance: '1' } });
    guide.next(nothing, 2_000);
    expect(guide.tell(2_100)).toEqual({ kind: 'notFound' });
  });
});
