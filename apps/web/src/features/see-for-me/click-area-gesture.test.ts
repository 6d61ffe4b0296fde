import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClickAreaGesture, HOLD_MS } from './click-area-gesture.ts';
import type { OperationMode } from './preferences.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(mode: OperationMode) {
  const act = vi.fn();
  const stopSpeech = vi.fn();
  const gesture = createClickAreaGesture(() => mode, { act, stopSpeech });
  return { gesture, act, stopSpeech };
}

describe('click area operation modes', () => {
  it('accessible: Enter/Space (keyboard clicks, detail 0) act with a spoken confirmation; pointer clicks act too', () => {
    const { gesture, act } = setup('accessible');
    gesture.onClick({ detail: 0 });
    expect(act).toHaveBeenLastCalledWith({ confirm: true });
    gesture.onPointerDown();
    vi.advanceTimersByTime(1_000);
    gesture.onPointerUp();
    gesture.onClick({ detail: 1 });
    expect(act).toHaveBeenLastCalledWith({ confirm: false });
    expect(act).toHaveBeenCalledTimes(2);
  });

  it('quick: holding 400 ms stops speech at once, and the release then acts (spec §9), once', () => {
    const { gesture, act, stopSpeech } = setup('quick');
    gesture.onPointerDown();
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(stopSpeech).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stopSpeech).toHaveBeenCalledTimes(1);
    expect(act).not.toHaveBeenCalled();
    gesture.onPointerUp();
    gesture.onClick({ detail: 1 });
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith({ confirm: false });
  });

  it('quick: a short press acts on release, once (the following click is swallowed)', () => {
    const { gesture, act, stopSpeech } = setup('quick');
    gesture.onPointerDown();
    vi.advanceTimersByTime(100);
    gesture.onPointerUp();
    expect(act).toHaveBeenCalledTimes(1);
    gesture.onClick({ detail: 1 });
    expect(act).toHaveBeenCalledTimes(1);
    expect(stopSpeech).not.toHaveBeenCalled();
    // a keyboard activation later still acts
    vi.advanceTimersByTime(1_000);
    gesture.onClick({ detail: 0 });
    expect(act).toHaveBeenCalledTimes(2);
  });
});
