import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserSpeechOutput,
  CANCEL_SETTLE_MS,
  CANCELED_RETRY_MS,
  type SpeechEvent,
} from './speech-output.ts';

class FakeUtterance {
  lang = '';
  rate = 1;
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
  };
  return { synth, spoken };
}

function make(synth: unknown | null, rate = 1.5) {
  return new BrowserSpeechOutput({
    synth: () => synth as SpeechSynthesis | null,
    createUtterance: (text) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance,
    rate: () => rate,
    now: () => 42,
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('browser speech output', () => {
  it('speaks zh-CN at the stored rate, is speaking until the end, then idle; emits speechStarted', async () => {
    const { synth, spoken } = fakeSynth();
    const out = make(synth);
    const events: SpeechEvent[] = [];
    out.onEvent((e) => events.push(e));
    const done = out.speak('你好');
    await Promise.resolve();
    expect(spoken[0]).toMatchObject({ text: '你好', lang: 'zh-CN', rate: 1.5 });
    expect(out.isSpeaking()).toBe(true);
    expect(events[0]).toEqual({ type: 'speechStarted', text: '你好', priority: 'routine', at: 42 });
    spoken[0]?.onend?.();
    await done;
    expect(out.state()).toBe('idle');
  });

  it('skips blank text; without the API warns and resolves', async () => {
    const { synth } = fakeSynth();
    await make(synth).speak('   ');
    expect(synth.speak).not.toHaveBeenCalled();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(make(null).speak('你好')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('a new speak cancels the current one (it resolves) and waits 150 ms before speaking', async () => {
    const { synth, spoken } = fakeSynth();
    const out = make(synth);
    const first = out.speak('一');
    await Promise.resolve();
    const second = out.speak('二');
    await first;
    expect(synth.cancel).toHaveBeenCalled();
    expect(spoken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CANCEL_SETTLE_MS);
    expect(spoken.map((u) => u.text)).toEqual(['一', '二']);
    spoken[0]?.onend?.(); // a stale end changes nothing
    expect(out.isSpeaking()).toBe(true);
    spoken[1]?.onend?.();
    await second;
  });

  it("'interrupted' counts as done; 'canceled' is retried once after 200 ms; other errors end in error", async () => {
    const { synth, spoken } = fakeSynth();
    const out = make(synth);
    const a = out.speak('甲');
    await Promise.resolve();
    spoken[0]?.onerror?.({ error: 'interrupted' });
    await a;
    expect(out.state()).toBe('idle');

    const b = out.speak('乙');
    await vi.advanceTimersByTimeAsync(CANCEL_SETTLE_MS);
    const last = () => spoken[spoken.length - 1];
    last()?.onerror?.({ error: 'canceled' });
    const before = spoken.length;
    await vi.advanceTimersByTimeAsync(CANCELED_RETRY_MS);
    expect(spoken.length).toBe(before + 1);
    expect(last()?.text).toBe('乙');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    last()?.onerror?.({ error: 'canceled' });
    await b;
    expect(out.state()).toBe('error');
  });

  it('cancel stops at once; repeatLast speaks the last text again', async () => {
    const { synth, spoken } = fakeSynth();
    const out = make(synth);
    const a = out.speak('最后一句');
    await Promise.resolve();
    out.cancel();
    await a;
    expect(out.isSpeaking()).toBe(false);
    void out.repeatLast();
    await vi.advanceTimersByTimeAsync(CANCEL_SETTLE_MS);
    expect(spoken.at(-1)?.text).toBe('最后一句');
  });
});
