import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { LISTEN_TIMEOUT_MS } from './listening.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller: listening', () => {
  it('qa: tap listens after "please speak", a final result asks with that question, dings', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.listen.pleaseSpeak']);
    expect(f.input.listening).toBe(true);
    expect(scene.getState()).toMatchObject({ phase: 'listening', listening: true });
    f.input.say('这是什么', false);
    expect(scene.getState().question).toBe('这是什么');
    f.input.say('这是什么东西');
    await flush();
    expect(f.input.listening).toBe(false);
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'qa', prompt: '这是什么东西' });
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
    expect(f.playSound.mock.calls.map((c) => c[0])).toEqual(['ding']);
    expect(scene.getState().question).toBe('这是什么东西');
  });

  it('qa: a second tap stops listening and says OK; 30 s without a question stops too', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    scene.tap();
    expect(f.input.listening).toBe(false);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.ok');
    scene.tap();
    await flush();
    expect(f.input.listening).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.input.listening).toBe(false);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.timeout');
  });

  it('qa with a recorder (single-shot): the second tap ends the recording and its question is still asked', async () => {
    const f = fakeDeps();
    Object.assign(f.input, { resultAfterStop: true });
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.input.listening).toBe(true);
    scene.tap();
    expect(f.input.listening).toBe(false);
    expect(f.speech.spoken).not.toContain('seeForMe.listen.ok');
    expect(scene.getState().statusMessage).toBe('seeForMe.status.recognizing');
    // the upload's answer arrives after the stop
    f.input.say('这个药一次吃几粒');
    await flush();
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'qa', prompt: '这个药一次吃几粒' });
  });

  it('qa without a working recognizer says so once, then taps move to the typed question', async () => {
    const f = fakeDeps({ createSpeechInput: () => null });
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.typed.unavailable']);
    expect(scene.getState().typedQuestionSeq).toBe(1);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.typed.unavailable', 'seeForMe.typed.hint']);
    expect(scene.getState()).toMatchObject({ typedQuestionSeq: 2, phase: 'idle', listening: false });
  });

  it('a typed question is analysed like a spoken one', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.ask('  这是什么药 ');
    await flush();
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'qa', prompt: '这是什么药' });
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
    expect(scene.getState().question).toBe('这是什么药');
    scene.ask('   ');
    expect(f.analyze).toHaveBeenCalledTimes(1);
  });

  it('a passing recognizer error is shown while listening goes on', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.input.fail({ key: 'speechInput.noText', code: 'NO_TEXT', recoverable: true });
    expect(scene.getState()).toMatchObject({ statusMessage: 'speechInput.noText', listening: true });
    expect(f.input.listening).toBe(true);
  });

  it('qa at the 30 s limit asks with a question that was heard but never marked final', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    f.input.say('前面有什么', false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ prompt: '前面有什么' });
    expect(f.speech.spoken).not.toContain('seeForMe.listen.timeout');
  });

  it('a new question starts empty: the last one is not taken for it at the time limit', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.ask('这是什么');
    await flush();
    scene.tap();
    await flush();
    expect(scene.getState().question).toBe('');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.analyze).toHaveBeenCalledTimes(1);
    expect(f.speech.spoken.at(-1)).toBe('seeForMe.listen.timeout');
  });

  it('without the microphone says it is needed', async () => {
    const g = fakeDeps({ requestMicrophone: () => Promise.resolve(false) });
    const denied = new SceneController(g.deps, 'qa');
    denied.setCameraReady(true);
    denied.tap();
    await flush();
    expect(g.speech.spoken).toEqual(['permission.microphoneDenied']);
  });

  it('changing mode tears down listening', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    scene.setMode('reading');
    expect(f.input.listening).toBe(false);
    expect(scene.getState().listening).toBe(false);
  });

  it('a mode change clears the 30 s question time-out with the recognizer', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'qa');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(vi.getTimerCount()).toBe(1);
    scene.setMode('observe');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(LISTEN_TIMEOUT_MS);
    expect(f.speech.spoken).not.toContain('seeForMe.listen.timeout');
  });
});
