import { describe, expect, it, vi } from 'vitest';
import { sceneMode } from '../scene-modes.ts';
import { fakeDeps } from '../../../../test/fakes/scene.ts';
import { canTransition, freshState } from './scene-state.ts';
import { SceneStore } from './scene-store.ts';

describe('the scene state machine', () => {
  it('the transition table allows the flows and forbids skipping steps', () => {
    expect(canTransition('idle', 'capturing')).toBe(true);
    expect(canTransition('capturing', 'analyzing')).toBe(true);
    expect(canTransition('analyzing', 'speaking')).toBe(true);
    expect(canTransition('idle', 'speaking')).toBe(false);
    expect(canTransition('listening', 'speaking')).toBe(false);
    expect(canTransition('analyzing', 'idle')).toBe(true);
  });

  it('an illegal phase change is refused, not applied', async () => {
    const f = fakeDeps();
    const store = new SceneStore(f.deps, freshState(sceneMode('observe')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.set({ phase: 'speaking', question: 'x' });
    expect(store.getState()).toMatchObject({ phase: 'idle', question: '' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('idle → speaking'));
    error.mockRestore();
  });
});
