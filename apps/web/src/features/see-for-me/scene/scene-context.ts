import type { SceneModeEntry } from '../scene-modes.ts';
import type { SceneDeps } from './scene-deps.ts';
import type { SceneStore } from './scene-store.ts';

/** What the parent gives each behaviour: the state and status, the services, the facts of the moment. */
export interface SceneContext {
  readonly store: SceneStore;
  readonly deps: SceneDeps;
  /** The current mode's registry entry. */
  entry: () => SceneModeEntry;
  /** Bumped at every reset: asynchronous work begun in an older epoch stops at its next step. */
  epoch: () => number;
  cameraReady: () => boolean;
}
