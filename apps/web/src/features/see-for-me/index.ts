/** The see-for-me feature's public face: its scene modes (the voice assistant switches between them). */
export { SCENE_MODES, type SceneModeEntry } from './scene-modes.ts';
