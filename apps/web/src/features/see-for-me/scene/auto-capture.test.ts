import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { PRINT_SIDE } from '../view-print.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller: auto-capture', () => {
  it('auto modes: capture at once, then every 10 s, only with the camera ready on a camera route', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'realtime');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(f.capture).not.toHaveBeenCalled();
    scene.setCameraReady(true);
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(1);
    expect(scene.getState().isActive).toBe(true);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(f.capture).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.capture).toHaveBeenCalledTimes(2);
    expect(f.playSound).not.toHaveBeenCalled();
    scene.setCameraRoute(false); // /profile
    expect(scene.getState().isActive).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(2);
    scene.setCameraRoute(true); // /market/use/3
    await flush();
    expect(f.capture).toHaveBeenCalledTimes(3);
    scene.setCameraReady(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.capture).toHaveBeenCalledTimes(3);
  });

  it('auto modes: an answer the same as the last one is not read again; a new one is', async () => {
    const answers = ['前方有一张桌子', '前方有一张桌子', '前方有一扇门'];
    const analyze = vi.fn(() => Promise.resolve({ description: answers.shift() ?? '' }));
    const f = fakeDeps({ analyze });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(analyze).toHaveBeenCalledTimes(3);
    expect(f.speech.spoken).toEqual(['前方有一张桌子', '前方有一扇门']);
    scene.dispose();
  });

  it('auto modes: a view unchanged since the last answer is not sent again; a tap hears so, once', async () => {
    const still = { cells: new Uint8Array(PRINT_SIDE * PRINT_SIDE * 3).fill(120), sharpness: 5 };
    const moved = { cells: still.cells.map((_, i) => (i % 7) * 30), sharpness: 5 };
    const views = [still, still, still, moved];
    const capture = vi.fn(() => Promise.resolve({ image: 'QUJD', view: views.shift() ?? moved }));
    const answers = ['前方有一块路牌，写着“人民路”', '前方有一扇门'];
    const analyze = vi.fn(() => Promise.resolve({ description: answers.shift() ?? '' }));
    const f = fakeDeps({ capture, analyze });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(capture).toHaveBeenCalledTimes(3);
    expect(analyze).toHaveBeenCalledTimes(1);
    // shown, not announced, and not spoken
    expect(scene.getState()).toMatchObject({ statusMessage: 'seeForMe.viewUnchanged', statusQuiet: true });
    expect(f.speech.spoken).toEqual(['前方有一块路牌，写着“人民路”']);
    scene.tap();
    scene.tap();
    expect(f.speech.spoken.filter((t) => t === 'seeForMe.viewUnchanged')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    expect(f.speech.spoken.at(-1)).toBe('前方有一扇门');
    scene.dispose();
  });

  it('auto modes: a view with traffic in its last answer is sent every time, unchanged or not', async () => {
    const still = { cells: new Uint8Array(PRINT_SIDE * PRINT_SIDE * 3).fill(120), sharpness: 5 };
    const capture = vi.fn(() => Promise.resolve({ image: 'QUJD', view: still }));
    const analyze = vi.fn(() => Promise.resolve({ description: '前方是路口，红绿灯是红灯' }));
    const f = fakeDeps({ capture, analyze });
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    scene.dispose();
  });

  it('move_lite goes out as scenario move with compression lite', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'move_lite');
    scene.setCameraReady(true);
    await flush();
    expect(f.analyze.mock.calls[0]?.[0]).toMatchObject({ scenario: 'move', compression: 'lite' });
  });

  it('a mode change or the background clears the auto-capture timer', async () => {
    const f = fakeDeps();
    const scene = new SceneController(f.deps, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(vi.getTimerCount()).toBe(1);
    scene.setMode('observe');
    expect(vi.getTimerCount()).toBe(0);
    scene.setMode('move');
    await flush();
    expect(vi.getTimerCount()).toBe(1);
    scene.setVisible(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
