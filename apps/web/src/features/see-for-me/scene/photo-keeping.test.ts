import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisAnswer } from '../analysis-client.ts';
import { fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scene controller: savePhoto (spec §9)', () => {
  const photo = new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' });
  const keeper = (on: boolean, keep = vi.fn(() => Promise.resolve('album' as const))) => ({
    enabled: () => on,
    grab: vi.fn(() => Promise.resolve(photo)),
    keep,
  });

  it('with savePhoto on, the analysed frame is kept and where it went is said after the result', async () => {
    const photos = keeper(true);
    const f = fakeDeps({ photos });
    const scene = new SceneController(f.deps, 'reading');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(photos.grab).toHaveBeenCalledOnce();
    expect(photos.keep).toHaveBeenCalledWith(photo);
    expect(f.speech.spoken.slice(-2)).toEqual(['一张桌子', 'seeForMe.photoSaved.album']);
  });

  it('with savePhoto off, no photo is grabbed or kept', async () => {
    const photos = keeper(false);
    const f = fakeDeps({ photos });
    const scene = new SceneController(f.deps, 'reading');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(photos.grab).not.toHaveBeenCalled();
    expect(photos.keep).not.toHaveBeenCalled();
    expect(f.speech.spoken.at(-1)).toBe('一张桌子');
  });

  it('a failed analysis keeps no photo; a photo kept nowhere is not announced', async () => {
    const failing = keeper(true);
    const f = fakeDeps({ photos: failing, analyze: vi.fn(() => Promise.reject(new Error('boom'))) });
    const scene = new SceneController(f.deps, 'reading');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(failing.keep).not.toHaveBeenCalled();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = keeper(
      true,
      vi.fn(() => Promise.reject(new Error('no storage'))),
    );
    const g = fakeDeps({ photos: refused });
    const other = new SceneController(g.deps, 'reading');
    other.setCameraReady(true);
    other.tap();
    await flush();
    expect(g.speech.spoken.at(-1)).toBe('一张桌子');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a mode change before the answer keeps no photo and leaves no timer', async () => {
    const photos = keeper(true);
    const f = fakeDeps({ photos, analyze: vi.fn(() => new Promise<AnalysisAnswer>(() => undefined)) });
    const scene = new SceneController(f.deps, 'reading');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(photos.grab).toHaveBeenCalledOnce();
    scene.setMode('observe');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(photos.keep).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
