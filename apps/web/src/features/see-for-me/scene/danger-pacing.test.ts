import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { DANGER_VIBRATION } from './danger-pacing.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller: danger pacing', () => {
  it('a danger warning outlasts the analysis that found it', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.resolve({ description: '前方路口有汽车' })) });
    const scene = new SceneController(f.deps, 'move');
    scene.showCameraMessage('seeForMe.camera.ready', false);
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState()).toMatchObject({ statusMessage: 'seeForMe.status.danger', phase: 'idle' });
    scene.dispose();
  });

  it('danger in move: alert + vibrate + 5 s, back to 10 s after two calm results', async () => {
    const answers = ['前方是马路，有汽车驶过', '前方有车辆', '一条安静的走廊', '一扇门', '一扇门'];
    const f = fakeDeps({
      analyze: vi.fn(() => Promise.resolve({ description: answers.shift() ?? '一扇门' })),
    });
    const scene = new SceneController(f.deps, 'move');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState()).toMatchObject({
      isDangerousScene: true,
      intervalMs: 5_000,
      statusMessage: 'seeForMe.status.danger',
    });
    expect(f.alert).toHaveBeenCalledWith('seeForMe.status.danger');
    expect(f.vibrate).toHaveBeenCalledWith(DANGER_VIBRATION);
    expect(f.speech.priorities[0]).toBe('danger');
    await vi.advanceTimersByTimeAsync(5_000); // 2nd: still danger
    expect(f.capture).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000); // 3rd: calm #1
    expect(f.capture).toHaveBeenCalledTimes(3);
    expect(scene.getState().isDangerousScene).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000); // 4th: calm #2 → relax
    expect(f.capture).toHaveBeenCalledTimes(4);
    expect(scene.getState()).toMatchObject({ isDangerousScene: false, intervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(f.capture).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.capture).toHaveBeenCalledTimes(5);
  });

  it('danger with "vibrate on danger" off: the alert is said, the phone does not vibrate', async () => {
    const f = fakeDeps({
      analyze: vi.fn(() => Promise.resolve({ description: '前方是马路，有汽车驶过' })),
      vibrateOnDanger: () => false,
    });
    const scene = new SceneController(f.deps, 'move');
    scene.setCameraReady(true);
    await flush();
    expect(f.alert).toHaveBeenCalledWith('seeForMe.status.danger');
    expect(f.vibrate).not.toHaveBeenCalled();
  });

  it('danger terms do nothing in realtime', async () => {
    const f = fakeDeps({ analyze: vi.fn(() => Promise.resolve({ description: '路口有汽车' })) });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState().isDangerousScene).toBe(false);
    expect(f.alert).not.toHaveBeenCalled();
  });

  it('a mode change ends the danger pace: the next mode keeps its own interval, one timer only', async () => {
    const answers = ['前方是马路，有汽车驶过', '一扇门'];
    const f = fakeDeps({
      analyze: vi.fn(() => Promise.resolve({ description: answers.shift() ?? '一扇门' })),
    });
    const scene = new SceneController(f.deps, 'move');
    scene.setCameraReady(true);
    await flush();
    expect(scene.getState()).toMatchObject({ isDangerousScene: true, intervalMs: 5_000 });
    scene.setMode('move_go');
    await flush();
    expect(scene.getState()).toMatchObject({ isDangerousScene: false, intervalMs: 10_000 });
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.capture).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.capture).toHaveBeenCalledTimes(3);
    scene.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
