/**
 * The see-for-me feature's public face: its scene modes (the voice assistant switches between them),
 * its camera screen (a market scene runs on it) and its latest result (a seeker may share it on a call).
 */
export { SCENE_MODES, sceneMode, type SceneModeEntry } from './scene-modes.ts';
export type { FixedScene } from './screen-controllers.ts';
export { lastAnalysis, type LastAnalysis } from './last-analysis.ts';

/** The camera screen, for a feature that shows one scene on it (the market's /market/use/{id}); its own chunk. */
export const loadSceneScreen = () => import('./see-for-me-page.tsx').then((m) => m.SeeForMePage);
