import type { SceneMode } from '@sfm/protocol';
import type { MarketScene, SceneBehaviour } from '@sfm/protocol/market';
import { sceneMode, type SceneModeEntry } from '../see-for-me/index.ts';

/** The built-in mode whose camera behaviour a market scene borrows. */
const BASE_MODE: Record<SceneBehaviour, SceneMode> = { tap: 'observe', auto: 'realtime', voice: 'qa' };

/**
 * A market scene as a scene-mode registry entry: its base mode's tap, listening and sounds, its own
 * interval, and its prompt asked as the question (scenario `question`, the engines' question path).
 */
export function sceneEntryOf(
  scene: Pick<MarketScene, 'id' | 'behaviour' | 'intervalSeconds' | 'prompt'>,
): SceneModeEntry {
  const auto = scene.behaviour === 'auto';
  return {
    ...sceneMode(BASE_MODE[scene.behaviour]),
    captureIntervalMs: auto && scene.intervalSeconds ? scene.intervalSeconds * 1000 : 0,
    scenario: 'question',
    // a single look is usually reading (a label, a date): the sharper preset
    compression: auto ? 'standard' : 'high',
    visibility: 'hidden',
    dangerWatch: false,
    prompt: scene.prompt,
    sceneId: scene.id,
  };
}
