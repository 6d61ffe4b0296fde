import type { CompressionPreset, Scenario, SceneMode } from '@sfm/protocol';

/** What a tap on the large click area does. */
export type TapBehaviour = 'capture' | 'stop-speech' | 'voice-question' | 'dialogue';
/** How the scene listens: not at all, one question per tap (qa), or continuously (dialogue). */
export type ListeningBehaviour = 'none' | 'single-question' | 'continuous';
export type CompletionSound = 'ding' | 'none';
/** Where the mode appears: directly in the tab strip, behind "more scenes", or nowhere (market, API). */
export type ModeVisibility = 'tab' | 'more' | 'hidden';

export interface SceneModeEntry {
  id: SceneMode;
  /** i18n key of the label. */
  labelKey: string;
  /** 0 = on demand; otherwise the auto-capture period (spec §9). */
  captureIntervalMs: number;
  tap: TapBehaviour;
  listening: ListeningBehaviour;
  completionSound: CompletionSound;
  compression: CompressionPreset;
  /** What the server is told (move_lite goes out as move + compression lite). */
  scenario: Scenario;
  visibility: ModeVisibility;
  /** Road/traffic terms in a result raise the danger alert (spec §4 "Danger scenes"). */
  dangerWatch: boolean;
  /** A market scene's question for the vision engine (a spoken question follows it). */
  prompt?: string;
  /** The market scene this entry runs (the server prices its analyses as scene analyses). */
  sceneId?: string;
}

/** Spec §9: auto-capture period of the auto modes. */
const AUTO_CAPTURE_MS = 10_000;

type EntryInput = Omit<SceneModeEntry, 'labelKey' | 'scenario' | 'prompt' | 'sceneId'> & {
  scenario?: Scenario;
};

const entry = (e: EntryInput): SceneModeEntry => ({
  ...e,
  labelKey: `seeForMe.modes.${e.id}`,
  scenario: e.scenario ?? (e.id as Scenario),
});

const auto = { captureIntervalMs: AUTO_CAPTURE_MS, tap: 'stop-speech', listening: 'none' } as const;
const onDemand = { captureIntervalMs: 0, listening: 'none' } as const;
/** Modes reached only by name (voice or link) that capture on a tap and end without a ding. */
const hiddenSilentCapture = {
  ...onDemand,
  tap: 'capture',
  completionSound: 'none',
  compression: 'standard',
  visibility: 'hidden',
  dangerWatch: false,
} as const;

/** The registry: one entry per scene mode. The screen reads nothing else. */
export const SCENE_MODES: readonly SceneModeEntry[] = [
  entry({
    id: 'realtime',
    ...auto,
    completionSound: 'none',
    compression: 'standard',
    visibility: 'tab',
    dangerWatch: false,
  }),
  entry({
    id: 'dialogue',
    captureIntervalMs: 0,
    tap: 'dialogue',
    listening: 'continuous',
    completionSound: 'none',
    compression: 'standard',
    visibility: 'tab',
    dangerWatch: false,
  }),
  entry({
    id: 'move',
    ...auto,
    completionSound: 'none',
    compression: 'standard',
    visibility: 'tab',
    dangerWatch: true,
  }),
  entry({
    id: 'reading',
    ...onDemand,
    tap: 'capture',
    completionSound: 'ding',
    compression: 'high',
    visibility: 'more',
    dangerWatch: false,
  }),
  entry({
    id: 'observe',
    ...onDemand,
    tap: 'capture',
    completionSound: 'ding',
    compression: 'standard',
    visibility: 'more',
    dangerWatch: false,
  }),
  entry({
    id: 'qa',
    captureIntervalMs: 0,
    tap: 'voice-question',
    listening: 'single-question',
    completionSound: 'ding',
    compression: 'standard',
    visibility: 'more',
    dangerWatch: false,
  }),
  entry({
    id: 'move_go',
    ...auto,
    completionSound: 'none',
    compression: 'standard',
    visibility: 'more',
    dangerWatch: true,
  }),
  entry({
    id: 'move_lite',
    ...auto,
    completionSound: 'none',
    compression: 'lite',
    scenario: 'move',
    visibility: 'hidden',
    dangerWatch: true,
  }),
  entry({
    id: 'continuous',
    ...auto,
    completionSound: 'none',
    compression: 'standard',
    visibility: 'hidden',
    dangerWatch: false,
  }),
  entry({ id: 'click', ...hiddenSilentCapture }),
  entry({ id: 'diabetes', ...hiddenSilentCapture }),
  entry({
    id: 'question',
    captureIntervalMs: 0,
    tap: 'voice-question',
    listening: 'single-question',
    completionSound: 'none',
    compression: 'standard',
    visibility: 'hidden',
    dangerWatch: false,
  }),
];

const byId = new Map<SceneMode, SceneModeEntry>(SCENE_MODES.map((m) => [m.id, m]));

export function sceneMode(id: SceneMode): SceneModeEntry {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown scene mode ${id}`);
  return found;
}

/** Modes with the given visibility, in registry order. */
export function modesShown(visibility: ModeVisibility, registry: readonly SceneModeEntry[] = SCENE_MODES) {
  return registry.filter((m) => m.visibility === visibility);
}

const DEFAULT_SCENE: SceneMode = 'realtime';

/** Spec §2: realtime, or dialogue when the saved defaultScene is dialogue. */
export function initialSceneMode(saved: string | null): SceneMode {
  return saved === 'dialogue' ? 'dialogue' : DEFAULT_SCENE;
}
