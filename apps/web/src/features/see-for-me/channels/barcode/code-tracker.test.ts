import { describe, expect, it } from 'vitest';
import type { Box } from './code-finder.ts';
import { approachTone, CodeTracker, READ_TONE, REPEAT_MS } from './code-tracker.ts';
import type { FoundCode, FrameCodes } from './decode-codes.ts';

const MIDDLE: Box = { left: 0.4, top: 0.4, right: 0.6, bottom: 0.6 };
const LEFT_EDGE: Box = { left: 0, top: 0.4, right: 0.12, bottom: 0.6 };
const code = (text: string, box = MIDDLE): FoundCode => ({ format: 'QRCode', text, valid: true, box });
const frame = (codes: FoundCode[] = [], regions: Box[] = []): FrameCodes => ({ codes, regions });

describe('CodeTracker', () => {
  it('reads a new code once with the read tone, not again while it stays in view', () => {
    const tracker = new CodeTracker();
    expect(tracker.next(frame([code('a')]), 0)).toEqual({ tone: READ_TONE, fresh: [code('a')] });
    for (let t = 250; t < 20_000; t += 250)
      expect(tracker.next(frame([code('a')]), t)).toEqual({ fresh: [] });
  });

  it('reads it again when it comes back after a few seconds, and a new code at once', () => {
    const tracker = new CodeTracker();
    tracker.next(frame([code('a')]), 0);
    expect(tracker.next(frame([code('a')]), REPEAT_MS - 100).fresh).toEqual([]);
    expect(tracker.next(frame([code('b')]), REPEAT_MS).fresh).toEqual([code('b')]);
    expect(tracker.next(frame(), REPEAT_MS + 200).fresh).toEqual([]);
    expect(tracker.next(frame([code('a')]), 2 * REPEAT_MS + 1).fresh).toEqual([code('a')]);
  });

  it('sounds a rising tone while something code-like comes into view, and says its side once', () => {
    const tracker = new CodeTracker();
    const first = tracker.next(frame([], [LEFT_EDGE]), 0);
    expect(first).toEqual({ tone: approachTone(1), edge: 'left', fresh: [] });
    const second = tracker.next(frame([], [LEFT_EDGE]), 250);
    expect(second.edge).toBeUndefined();
    expect(second.tone!.frequencyHz).toBeGreaterThan(first.tone!.frequencyHz);
    const third = tracker.next(frame([{ ...code(''), valid: false, box: MIDDLE }]), 500);
    expect(third.tone!.frequencyHz).toBeGreaterThan(second.tone!.frequencyHz);
    expect(tracker.next(frame([code('a')]), 750)).toMatchObject({ tone: READ_TONE, fresh: [code('a')] });
  });

  it('starts an approach afresh after frames with nothing: low tone, side said again', () => {
    const tracker = new CodeTracker();
    tracker.next(frame([], [LEFT_EDGE]), 0);
    tracker.next(frame([], [LEFT_EDGE]), 250);
    tracker.next(frame(), 500);
    tracker.next(frame(), 750);
    expect(tracker.next(frame([], [LEFT_EDGE]), 1000)).toEqual({
      tone: approachTone(1),
      edge: 'left',
      fresh: [],
    });
  });

  it('stays quiet for what the finder sees of a code just read (the same code, a blurred frame of it)', () => {
    const tracker = new CodeTracker();
    tracker.next(frame([code('a')], [MIDDLE]), 0);
    expect(tracker.next(frame([code('a')], [MIDDLE]), 250)).toEqual({ fresh: [] });
    expect(tracker.next(frame([], [MIDDLE]), 500)).toEqual({ fresh: [] });
    expect(tracker.next(frame([], [MIDDLE]), 3_000).tone).toEqual(approachTone(1));
  });

  it('right after a read, a code-like thing elsewhere in the picture is another code: tone and side at once', () => {
    const tracker = new CodeTracker();
    tracker.next(frame([code('a')]), 0);
    expect(tracker.next(frame([], [LEFT_EDGE]), 250)).toEqual({
      tone: approachTone(1),
      edge: 'left',
      fresh: [],
    });
  });

  it('says nothing of a side for a code well inside the frame', () => {
    expect(new CodeTracker().next(frame([], [MIDDLE]), 0)).toEqual({ tone: approachTone(1), fresh: [] });
  });
});
