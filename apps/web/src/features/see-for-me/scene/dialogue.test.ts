import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisAnswer } from '../analysis-client.ts';
import { fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller: dialogue', () => {
  it('a recognizer found unusable while listening gives the same notice, never a microphone error', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'dialogue');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.input.fail({ key: 'speechInput.unavailable', code: 'network', recoverable: false });
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.typed.unavailable');
    expect(scene.getState()).toMatchObject({ conversing: false, listening: false, phase: 'idle' });
    expect(f.input.listening).toBe(false);
  });

  it('dialogue: a final result stops, shutter, analyses with the question, speaks and listens again', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'dialogue');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.createSpeechInput).toHaveBeenCalledWith({ continuous: true });
    expect(scene.getState().conversing).toBe(true);
    f.input.say('前面有什么');
    await flush();
    expect(f.playSound).toHaveBeenCalledWith('shutter');
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'dialogue', prompt: '前面有什么' });
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
    expect(f.input.listening).toBe(true);
    expect(f.input.started).toBe(2);
    scene.tap();
    expect(f.input.listening).toBe(false);
    expect(scene.getState().conversing).toBe(false);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.ok');
  });

  it('a mode change ends the conversation, its listening and its running analysis, leaving no timer', async () => {
    let seen: AbortSignal | undefined;
    const f = fakeDeps({
      analyze: vi.fn((_r, signal: AbortSignal) => {
        seen = signal;
        return new Promise<AnalysisAnswer>(() => undefined);
      }),
    });
    const scene = new SceneController(f.deps, 'dialogue');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.input.say('前面有什么');
    await flush();
    expect(scene.getState()).toMatchObject({ conversing: true, phase: 'analyzing' });
    scene.setMode('observe');
    expect(seen?.aborted).toBe(true);
    expect(scene.getState()).toMatchObject({ conversing: false, listening: false, phase: 'idle' });
    expect(f.input.listening).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
