import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, LiveRegions, resetAnnouncer } from '../../../ui/announcer.tsx';
import { readingTimeMs, ScreenReaderSpeechEngine } from './screen-reader-engine.ts';
import { SilentSpeechEngine } from './silent-engine.ts';
import { SpeechOutputService } from './speech-output-service.ts';

afterEach(() => resetAnnouncer());

const hooks = (priority: 'routine' | 'danger' = 'routine') => ({ onStart: vi.fn(), priority });

describe('screen-reader speech engine', () => {
  it('announces routine text politely and danger assertively', async () => {
    const say = vi.fn();
    const engine = new ScreenReaderSpeechEngine(say, () => 0);
    const routine = hooks();
    await expect(engine.speak('前方是人行道', routine)).resolves.toEqual({ kind: 'done' });
    expect(routine.onStart).toHaveBeenCalledOnce();
    await expect(engine.speak('前方有车', hooks('danger'))).resolves.toEqual({ kind: 'done' });
    expect(say.mock.calls).toEqual([
      ['前方是人行道', { assertive: false }],
      ['前方有车', { assertive: true }],
    ]);
    expect(engine.state()).toBe('idle');
  });

  it('hands over text without markdown marks and skips blank text', async () => {
    const say = vi.fn();
    const engine = new ScreenReaderSpeechEngine(say, () => 0);
    await engine.speak('**注意**台阶', hooks());
    await engine.speak('  ', hooks());
    expect(say.mock.calls).toEqual([['注意台阶', { assertive: false }]]);
  });

  it('never throws: a failing announcer is a failed outcome; cancel, pause and resume are harmless', async () => {
    const engine = new ScreenReaderSpeechEngine(() => {
      throw new Error('no regions');
    });
    await expect(engine.speak('你好', hooks())).resolves.toEqual({ kind: 'failed', reason: 'no regions' });
    expect(() => engine.cancel()).not.toThrow();
    expect(engine.pause()).toBe(false);
    expect(engine.resume()).toBe(false);
    expect(engine.available()).toBe(true);
  });

  it('is speaking for the estimated reading time; cancel ends it at once', async () => {
    vi.useFakeTimers();
    try {
      const engine = new ScreenReaderSpeechEngine(vi.fn());
      const done = engine.speak('前方五米有台阶', hooks()); // 7 characters ≈ 875 ms
      expect(engine.state()).toBe('speaking');
      await vi.advanceTimersByTimeAsync(874);
      expect(engine.state()).toBe('speaking');
      await vi.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toEqual({ kind: 'done' });
      expect(engine.state()).toBe('idle');
      const cut = engine.speak('这是一段很长的说明文字', hooks());
      engine.cancel();
      await expect(cut).resolves.toEqual({ kind: 'cancelled' });
      expect(engine.state()).toBe('idle');
    } finally {
      vi.useRealTimers();
    }
  });

  it('estimates a brisk screen-reader pace: Chinese characters slower than Latin ones, spaces free', () => {
    expect(readingTimeMs('前方有车')).toBe(500);
    expect(readingTimeMs('stop here')).toBe(400);
    expect(readingTimeMs('')).toBe(0);
  });

  it('through the app-wide live regions: danger in the alert, and repeat-last is read again', async () => {
    render(<LiveRegions />);
    const engine = new ScreenReaderSpeechEngine(announce, () => 0);
    const service = new SpeechOutputService({
      chain: () => [engine],
      silent: new SilentSpeechEngine(),
      engines: [engine],
      domEvents: false,
    });
    await act(() => service.speak('前方有车', { priority: 'danger' }));
    await waitFor(() => expect(screen.getByTestId('live-alert')).toHaveTextContent('前方有车'));
    await act(() => service.speak('前方是人行道'));
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('前方是人行道'));
    // the same text again: the region is emptied first, so screen readers see a change to read
    await act(() => service.repeatLast());
    expect(screen.getByTestId('live-polite')).toBeEmptyDOMElement();
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('前方是人行道'));
    expect(service.isSpeaking()).toBe(false);
  });
});
