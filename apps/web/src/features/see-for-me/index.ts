/**
 * The see-for-me feature's public face: its scene modes (the voice assistant switches between them)
 * and its camera screen (a market scene runs on it).
 */
export { SCENE_MODES, sceneMode, type SceneModeEntry } from './scene-modes.ts';
export type { FixedScene } from './see-for-me-page.tsx';

/** The camera screen, for a feature that shows one scene on it (the market's /market/use/{id}); its own chunk. */
export const loadSceneScreen = () => import('./see-for-me-page.tsx').then((m) => m.SeeForMePage);
