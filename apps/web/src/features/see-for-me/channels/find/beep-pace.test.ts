import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToneCue } from '../live-channel.ts';
import { beepPace, BeepPacer } from './beep-pace.ts';

const boxAt = (cx: number, side: number) => ({
  x: cx - side / 2,
  y: 0.5 - side / 2,
  width: side,
  height: side,
});

describe('the beeps of a sighting', () => {
  it('come faster and higher as it comes to the centre', () => {
    const paces = [0.02, 0.2, 0.35, 0.5].map((x) => beepPace(boxAt(x, 0.04)));
    const intervals = paces.map((p) => p.intervalMs);
    const pitches = paces.map((p) => p.tone.frequencyHz);
    expect(intervals).toEqual([...intervals].sort((a, b) => b - a));
    expect(new Set(intervals).size).toBe(4);
    expect(pitches).toEqual([...pitches].sort((a, b) => a - b));
    // and mirror to the right
    expect(beepPace(boxAt(0.8, 0.04))).toEqual(beepPace(boxAt(0.2, 0.04)));
  });

  it('come faster as it grows in view (nearer), at the same pitch', () => {
    const small = beepPace(boxAt(0.3, 0.05));
    const big = beepPace(boxAt(0.3, 0.4));
    expect(big.intervalMs).toBeLessThan(small.intervalMs);
    expect(big.tone.frequencyHz).toBe(small.tone.frequencyHz);
  });

  it('stay between a slow edge beep and a fast centred one', () => {
    expect(beepPace(boxAt(0.01, 0.01)).intervalMs).toBeGreaterThanOrEqual(850);
    expect(beepPace(boxAt(0.5, 0.9)).intervalMs).toBeLessThanOrEqual(160);
  });
});

describe('the pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beeps at the newest pace between frames, and stops when told', () => {
    const beeps: ToneCue[] = [];
    const pacer = new BeepPacer((tone) => beeps.push(tone));
    const slow = { intervalMs: 800, tone: { frequencyHz: 440, durationMs: 60 } };
    const fast = { intervalMs: 200, tone: { frequencyHz: 880, durationMs: 60 } };
    pacer.set(slow);
    expect(beeps).toHaveLength(1);
    vi.advanceTimersByTime(1_600);
    expect(beeps).toHaveLength(3);
    // faster: from the last beep on, not after the slow gap
    vi.advanceTimersByTime(100);
    pacer.set(fast);
    vi.advanceTimersByTime(100);
    expect(beeps).toHaveLength(4);
    expect(beeps.at(-1)!.frequencyHz).toBe(880);
    vi.advanceTimersByTime(800);
    expect(beeps).toHaveLength(8);
    // slower: the next gap is the new one
    pacer.set(slow);
    vi.advanceTimersByTime(200);
    expect(beeps).toHaveLength(9);
    vi.advanceTimersByTime(700);
    expect(beeps).toHaveLength(9);
    vi.advanceTimersByTime(100);
    expect(beeps).toHaveLength(10);
    pacer.set(null);
    const heard = beeps.length;
    vi.advanceTimersByTime(5_000);
    expect(beeps).toHaveLength(heard);
  });
});
