import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserSpeechEngine,
  CANCEL_SETTLE_MS,
  CANCELED_RETRY_MS,
  nextPlaybackState,
  PLAYBACK_TRANSITIONS,
  type PlaybackAction,
} from './browser-engine.ts';
import type { PlaybackState } from './types.ts';

class FakeUtterance {
  lang = '';
  rate = 1;
  volume = 1;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(public text: string) {}
}

function fakeSynth() {
  const spoken: FakeUtterance[] = [];
  const synth = {
    speaking: false,
    pending: false,
    speak: vi.fn((u: FakeUtterance) => {
      spoken.push(u);
    }),
    cancel: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
  };
  return { synth, spoken };
}

function make(synth: unknown, rate = 1.5, timeoutMs?: number) {
  return new BrowserSpeechEngine({
    synth: () => synth as SpeechSynthesis | null,
    createUtterance: (text) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance,
    rate: () => rate,
    volume: () => 0.6,
    ...(timeoutMs ? { timeoutMs: () => timeoutMs } : {}),
  });
}
const hooks = () => ({ onStart: vi.fn(), priority: 'routine' as const });

const STATES: PlaybackState[] = ['idle', 'speaking', 'paused', 'error'];
const ACTIONS: PlaybackAction[] = ['speak', 'end', 'fail', 'pause', 'resume', 'cancel'];
/** The spec's machine, written out once more by hand: every allowed transition. */
const EXPECTED: Record<string, PlaybackState> = {
  'idle speak': 'speaking',
  'idle cancel': 'idle',
  'speaking speak': 'speaking',
  'speaking end': 'idle',
  'speaking fail': 'error',
  'speaking pause': 'paused',
  'speaking cancel': 'idle',
  'paused speak': 'speaking',
  'paused resume': 'speaking',
  'paused end': 'idle',
  'paused fail': 'error',
  'paused cancel': 'idle',
  'error speak': 'speaking',
  'error cancel': 'idle',
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('playback transition table (spec §4)', () => {
  for (const state of STATES) {
    for (const action of ACTIONS) {
      const expected = EXPECTED[`${state} ${action}`] ?? null;
      it(`${state} --${action}--> ${expected ?? 'refused'}`, () => {
        expect(nextPlaybackState(state, action)).toBe(expected);
      });
    }
  }
  it('pause is allowed only while speaking, resume only from paused', () => {
    expect(STATES.filter((s) => PLAYBACK_TRANSITIONS[s].pause)).toEqual(['speaking']);
    expect(STATES.filter((s) => PLAYBACK_TRANSITIONS[s].resume)).toEqual(['paused']);
    expect(STATES.every((s) => PLAYBACK_TRANSITIONS[s].cancel === 'idle')).toBe(true);
  });
});

describe('browser speech engine', () => {
  it('speaks zh-CN at the stored rate and volume, is speaking until the end, then idle; calls onStart', async () => {
    const { synth, spoken } = fakeSynth();
    const engine = make(synth);
    const h = hooks();
    const done = engine.speak('你好', h);
    await Promise.resolve();
    expect(spoken[0]).toMatchObject({ text: '你好', lang: 'zh-CN', rate: 1.5, volume: 0.6 });
    expect(engine.state()).toBe('speaking');
    expect(h.onStart).toHaveBeenCalledOnce();
    spoken[0]?.onend?.();
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(engine.state()).toBe('idle');
  });

  it('skips blank text; without the API warns and resolves', async () => {
    const { synth } = fakeSynth();
    await make(synth).speak('   ', hooks());
    expect(synth.speak).not.toHaveBeenCalled();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(make(null).speak('你好', hooks())).resolves.toEqual({ kind: 'done' });
    expect(warn).toHaveBeenCalled();
  });

  it('a new speak cancels the current one and waits 150 ms before speaking', async () => {
    const { synth, spoken } = fakeSynth();
    const engine = make(synth);
    const first = engine.speak('一', hooks());
    await Promise.resolve();
    const second = engine.speak('二', hooks());
    await expect(first).resolves.toEqual({ kind: 'cancelled' });
    expect(synth.cancel).toHaveBeenCalled();
    expect(spoken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CANCEL_SETTLE_MS - 1);
    expect(spoken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(spoken.map((u) => u.text)).toEqual(['一', '二']);
    spoken[0]?.onend?.(); // a stale end changes nothing
    expect(engine.state()).toBe('speaking');
    spoken[1]?.onend?.();
    await expect(second).resolves.toEqual({ kind: 'done' });
  });

  it("'interrupted' counts as done; 'canceled' is retried once after 200 ms; then error", async () => {
    const { synth, spoken } = fakeSynth();
    const engine = make(synth);
    const a = engine.speak('甲', hooks());
    await Promise.resolve();
    spoken[0]?.onerror?.({ error: 'interrupted' });
    await expect(a).resolves.toEqual({ kind: 'done' });
    expect(engine.state()).toBe('idle');

    const b = engine.speak('乙', hooks());
    await vi.advanceTimersByTimeAsync(CANCEL_SETTLE_MS);
    const last = () => spoken[spoken.length - 1];
    last()?.onerror?.({ error: 'canceled' });
    const before = spoken.length;
    await vi.advanceTimersByTimeAsync(CANCELED_RETRY_MS);
    expect(spoken.length).toBe(before + 1);
    expect(last()?.text).toBe('乙');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    last()?.onerror?.({ error: 'canceled' });
    await expect(b).resolves.toEqual({ kind: 'failed', reason: 'canceled' });
    expect(engine.state()).toBe('error');
    expect(warn).toHaveBeenCalledWith('语音合成错误: canceled');
    // error → speak is allowed again
    void engine.speak('丙', hooks());
    expect(engine.state()).toBe('speaking');
  });

  it('pause only while speaking, resume only from paused; cancel goes idle', async () => {
    const { synth } = fakeSynth();
    const engine = make(synth);
    expect(engine.pause()).toBe(false);
    expect(engine.resume()).toBe(false);
    const a = engine.speak('暂停一下', hooks());
    await Promise.resolve();
    expect(engine.resume()).toBe(false);
    expect(engine.pause()).toBe(true);
    expect(engine.state()).toBe('paused');
    expect(synth.pause).toHaveBeenCalledOnce();
    expect(engine.pause()).toBe(false);
    expect(engine.resume()).toBe(true);
    expect(engine.state()).toBe('speaking');
    engine.cancel();
    expect(engine.state()).toBe('idle');
    await expect(a).resolves.toEqual({ kind: 'cancelled' });
  });

  it('a speak that never ends is given up by the safety timeout', async () => {
    const { synth } = fakeSynth();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const engine = make(synth, 1, 5_000);
    const a = engine.speak('永远不结束', hooks());
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(a).resolves.toEqual({ kind: 'failed', reason: 'timeout' });
    expect(engine.state()).toBe('error');
    expect(synth.cancel).toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });
});
