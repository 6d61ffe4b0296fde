import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NativeTts } from '../../../platform/native-tts.ts';
import { NATIVE_INIT_TIMEOUT_MS, NativeSpeechEngine } from './native-engine.ts';

/** The Capacitor text-to-speech plugin as the tests script it. */
function fakeTts(over: Partial<NativeTts> = {}) {
  const said: { text: string; lang: string; rate: number; volume: number }[] = [];
  const tts: NativeTts = {
    available: () => true,
    ready: async () => undefined,
    speak: async (options) => void said.push(options),
    stop: vi.fn(async () => undefined),
    ...over,
  };
  return { tts, said };
}
const hooks = () => ({ onStart: vi.fn(), priority: 'routine' as const });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('native speech engine (Android / iOS)', () => {
  it('speaks the text without its markdown, in chunks of at most 200 characters, at the user rate', async () => {
    const { tts, said } = fakeTts();
    const engine = new NativeSpeechEngine(
      tts,
      () => 1.5,
      () => 0.8,
    );
    const long = `**注意**：${'前方有台阶，请慢慢走。'.repeat(40)}`;
    const h = hooks();
    await expect(engine.speak(long, h)).resolves.toEqual({ kind: 'done' });
    expect(h.onStart).toHaveBeenCalledTimes(1);
    expect(said.length).toBeGreaterThan(1);
    expect(said.every((s) => s.text.length <= 200)).toBe(true);
    expect(said.map((s) => s.text).join('')).not.toContain('**');
    expect(said[0]).toMatchObject({ lang: 'zh-CN', rate: 1.5, volume: 0.8 });
  });

  it('a failing speak is a failed outcome (the service falls back), a cancel a cancelled one', async () => {
    const failing = new NativeSpeechEngine(
      fakeTts({ speak: async () => Promise.reject(new Error('tts busy')) }).tts,
    );
    await expect(failing.speak('你好', hooks())).resolves.toEqual({ kind: 'failed', reason: 'tts busy' });
    let finish: () => void = () => undefined;
    const slow = new NativeSpeechEngine(
      fakeTts({ speak: () => new Promise<void>((resolve) => (finish = resolve)) }).tts,
    );
    const outcome = slow.speak('第一句。'.repeat(80), hooks());
    slow.cancel();
    finish();
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
  });

  it('cannot pause or resume (spec §4): both say no and leave the speech going', async () => {
    let finish: () => void = () => undefined;
    const { tts } = fakeTts({ speak: () => new Promise<void>((resolve) => (finish = resolve)) });
    const engine = new NativeSpeechEngine(tts);
    const outcome = engine.speak('前方有台阶。', hooks());
    expect(engine.state()).toBe('speaking');
    expect(engine.pause()).toBe(false);
    expect(engine.state()).toBe('speaking');
    expect(engine.resume()).toBe(false);
    expect(engine.state()).toBe('speaking');
    expect(tts.stop).not.toHaveBeenCalled();
    finish();
    await expect(outcome).resolves.toEqual({ kind: 'done' });
    expect(engine.pause()).toBe(false);
    expect(engine.resume()).toBe(false);
  });

  it(`at start, a platform voice that does not answer within ${NATIVE_INIT_TIMEOUT_MS} ms is left out of the chain`, async () => {
    const engine = new NativeSpeechEngine(fakeTts({ ready: () => new Promise<void>(() => undefined) }).tts);
    const prepared = engine.prepare();
    const settled = vi.fn();
    prepared.catch(settled);
    await vi.advanceTimersByTimeAsync(NATIVE_INIT_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(prepared).rejects.toThrow(/in time/);
    expect(engine.available()).toBe(false);
  });

  it('an init that fails leaves it out too; one that answers keeps it', async () => {
    const failing = new NativeSpeechEngine(
      fakeTts({ ready: () => Promise.reject(new Error('no engine')) }).tts,
    );
    await expect(failing.prepare()).rejects.toThrow('no engine');
    expect(failing.available()).toBe(false);
    const fine = new NativeSpeechEngine(fakeTts().tts);
    await expect(fine.prepare()).resolves.toBeUndefined();
    expect(fine.available()).toBe(true);
  });
});
