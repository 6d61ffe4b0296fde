import { scenePrompt } from '@sfm/protocol/market';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SceneController } from './scene/scene-controller.ts';
import { sceneMode, type SceneModeEntry } from './scene-modes.ts';
import { fakeDeps, flush } from '../../../test/fakes/scene.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A market scene as a registry entry of its own (what /market/use/{id} builds). */
const marketEntry = (over: Partial<SceneModeEntry>): SceneModeEntry => ({
  ...sceneMode('observe'),
  scenario: 'question',
  visibility: 'hidden',
  prompt: '请读出药品名称',
  ...over,
});

describe('a scene with its own prompt', () => {
  it('a tap asks the vision engine the scene’s prompt', async () => {
    const f = fakeDeps();
    const scene = new SceneController({ ...f.deps, registry: [marketEntry({})] }, 'observe');
    scene.setCameraReady(true);
    scene.tap();
    await flush();
    expect(f.analyze).toHaveBeenCalledWith(
      expect.objectContaining({ scenario: 'question', prompt: '请读出药品名称' }),
      expect.any(AbortSignal),
    );
  });

  it('auto-capture runs at the scene’s own interval', async () => {
    const f = fakeDeps();
    const entry = marketEntry({
      ...sceneMode('realtime'),
      scenario: 'question',
      prompt: '公交几路？',
      captureIntervalMs: 7_000,
    });
    const scene = new SceneController({ ...f.deps, registry: [entry] }, 'realtime');
    scene.setCameraReady(true);
    await flush();
    expect(f.analyze).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6_900);
    expect(f.analyze).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(f.analyze).toHaveBeenCalledTimes(2);
    scene.dispose();
  });

  it('a typed or spoken question follows the scene’s prompt', async () => {
    const f = fakeDeps();
    const entry = marketEntry({ ...sceneMode('qa'), scenario: 'question', prompt: '这是药盒。' });
    const scene = new SceneController({ ...f.deps, registry: [entry] }, 'qa');
    scene.setCameraReady(true);
    scene.ask('一天吃几次？');
    await flush();
    expect(f.analyze).toHaveBeenCalledWith(
      expect.objectContaining({ prompt: scenePrompt('这是药盒。', '一天吃几次？') }),
      expect.any(AbortSignal),
    );
  });
});

describe('the scene state', () => {
  it('names the market scene running as currentSceneId, null in a built-in mode', () => {
    const f = fakeDeps();
    const registry = [marketEntry({ sceneId: 's1' }), sceneMode('reading')];
    const scene = new SceneController({ ...f.deps, registry }, 'observe');
    expect(scene.getState().currentSceneId).toBe('s1');
    scene.setMode('reading');
    expect(scene.getState().currentSceneId).toBeNull();
    scene.dispose();
  });
});
