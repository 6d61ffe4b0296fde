import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisAnswer } from '../analysis-client.ts';
import { FakeSpeech, fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller', () => {
  it('the status follows the scene: "recognizing" gives way when the analysis ends, however it ends', async () => {
    const ready = 'seeForMe.camera.ready';
    const setup = (over = {}) => {
      const f = fakeDeps(over, new FakeSpeech(false));
      const scene = new SceneController(f.deps, 'reading');
      scene.setCameraReady(true);
      scene.showCameraMessage(ready, false);
      return { f, scene };
    };
    // success: back to the camera's state once the result is there, quietly
    const ok = setup();
    ok.scene.tap();
    expect(ok.scene.getState()).toMatchObject({
      statusMessage: 'seeForMe.status.recognizing',
      statusQuiet: false,
    });
    await flush();
    expect(ok.scene.getState()).toMatchObject({ phase: 'speaking', statusMessage: ready, statusQuiet: true });
    ok.f.speech.finish();
    await flush();
    expect(ok.scene.getState()).toMatchObject({ phase: 'idle', statusMessage: ready });
    // failure: the failure is the status
    const failed = setup({ analyze: vi.fn(() => Promise.reject(new Error('boom'))) });
    failed.scene.tap();
    await flush();
    expect(failed.scene.getState().statusMessage).toBe('seeForMe.errors.analysisFailed');
    // cancelled by a mode change mid-analysis
    const changed = setup({ analyze: vi.fn(() => new Promise<AnalysisAnswer>(() => undefined)) });
    changed.scene.tap();
    await flush();
    changed.scene.setMode('observe');
    expect(changed.scene.getState()).toMatchObject({ phase: 'idle', statusMessage: ready });
    // cancelled by going to the background
    const hidden = setup({ analyze: vi.fn(() => new Promise<AnalysisAnswer>(() => undefined)) });
    hidden.scene.tap();
    await flush();
    hidden.scene.setVisible(false);
    expect(hidden.scene.getState()).toMatchObject({ phase: 'idle', statusMessage: ready });
  });

  it('observe tap: says recognizing, shutter, captures, analyses, speaks the result, dings', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.speech.spoken).toEqual(['seeForMe.status.recognizing', '一张桌子']);
    expect(f.playSound.mock.calls.map((c) => c[0])).toEqual(['shutter', 'ding']);
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({
      scenario: 'observe',
      compression: 'standard',
      image: 'QUJD',
    });
    expect(scene.getState()).toMatchObject({ phase: 'idle', lastResult: { text: '一张桌子' } });
  });

  it('the status line says whether its text is also spoken', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.resolve({ description: '前方是马路，有汽车驶过' })) });
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.showCameraMessage('camera.initializing', false);
    expect(scene.getState()).toMatchObject({ statusMessage: 'camera.initializing', statusSpoken: false });
    scene.showCameraMessage('camera.failed', true);
    expect(scene.getState()).toMatchObject({ statusMessage: 'camera.failed', statusSpoken: true });
    scene.tap();
    expect(scene.getState()).toMatchObject({
      statusMessage: 'seeForMe.status.recognizing',
      statusSpoken: true,
    });
    await flush();
    scene.setMode('move');
    await flush();
    // the danger warning is shown (and alerted), not spoken: the description is what is spoken
    expect(scene.getState()).toMatchObject({ statusMessage: 'seeForMe.status.danger', statusSpoken: false });
  });

  it('reading sends high compression; click has no ding', async () => {
    const f = fakeDeps();
    const reading = new SceneController(f.deps, 'reading');
    reading.setCameraReady(true);
    reading.tap();
    await flush();
    expect(f.capture.mock.calls[0]?.[0]).toBe('high');
    const g = fakeDeps();
    const click = new SceneController(g.deps, 'click');
    click.setCameraReady(true);
    click.tap();
    await flush();
    expect(g.playSound.mock.calls.map((c) => c[0])).toEqual(['shutter']);
  });

  it('tapping while the result is spoken cancels the speech and captures nothing', async () => {
    const speech = new FakeSpeech(false);
    const f = fakeDeps({}, speech);
    const scene = new SceneController(f.deps, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(scene.getState().phase).toBe('speaking');
    scene.tap();
    expect(speech.cancel).toHaveBeenCalled();
    expect(f.analyze).toHaveBeenCalledTimes(1);
  });

  it('a tap with the camera not ready says the camera is abnormal', () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'observe');
    scene.tap();
    expect(f.speech.spoken).toEqual(['seeForMe.camera.abnormal']);
    expect(f.capture).not.toHaveBeenCalled();
  });

  it('a tap in an auto mode only stops speech (with a spoken confirmation in accessible mode)', () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'move');
    scene.tap();
    expect(f.speech.cancel).toHaveBeenCalled();
    expect(f.capture).not.toHaveBeenCalled();
    expect(f.speech.spoken).toEqual([]);
    scene.tap({ confirm: true });
    expect(f.speech.spoken).toEqual(['seeForMe.speech.stopped']);
  });

  it('changing mode cancels speech and the running analysis, resets state, restarts or stops auto-capture', async () => {
    let seen: AbortSignal | undefined;
    const f = fakeDeps({
      analyze: vi.fn((_r, signal: AbortSignal) => {
        seen = signal;
        return new Promise<AnalysisAnswer>(() => undefined);
      }),
    });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState().phase).toBe('analyzing');
    scene.setMode('observe');
    expect(seen?.aborted).toBe(true);
    expect(f.speech.cancel).toHaveBeenCalled();
    expect(scene.getState()).toMatchObject({
      mode: 'observe',
      phase: 'idle',
      isActive: false,
      lastResult: null,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(1);
    scene.setMode('move');
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(2);
    expect(scene.getState().isActive).toBe(true);
  });

  it('background stops speech, analysis and auto-capture; foreground resumes', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    scene.setVisible(false);
    expect(f.speech.cancel).toHaveBeenCalled();
    expect(scene.getState().isActive).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(1);
    scene.setVisible(true);
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(2);
  });
});
