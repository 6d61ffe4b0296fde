import type { SceneMode } from '@sfm/protocol';

/** A scene-mode change asked for outside the see-for-me screen (the voice assistant). */
let pending: SceneMode | null = null;
const listeners = new Set<(mode: SceneMode) => void>();

/** Asks the see-for-me screen to switch mode (now if it is open, else when it opens). */
export function requestSceneMode(mode: SceneMode): void {
  if (listeners.size === 0) {
    pending = mode;
    return;
  }
  pending = null;
  for (const listener of listeners) listener(mode);
}

/** The see-for-me screen listens; a request made before it opened is delivered at once. */
export function onSceneModeRequest(listener: (mode: SceneMode) => void): () => void {
  listeners.add(listener);
  const waiting = pending;
  pending = null;
  if (waiting) listener(waiting);
  return () => listeners.delete(listener);
}
