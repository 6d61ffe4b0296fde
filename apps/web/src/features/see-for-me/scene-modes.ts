import type { CompressionPreset, Scenario, SceneMode } from '@sfm/protocol';
import type { LiveChannelLoader } from './channels/live-channel.ts';

/** What a tap on the large click area does. */
export type TapBehaviour = 'capture' | 'stop-speech' | 'voice-question' | 'dialogue' | 'live';
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
  /**
   * A live channel (tap 'live'): the mode looks at every frame on the device, every
   * `captureIntervalMs`, through the channel this loads (channels/live-channel.ts).
   */
  live?: LiveChannelLoader;
  /**
   * Fetches and keeps what the live channel needs on the device beyond the service worker's
   * precache (its models), so it works with the network gone (./keep-live-modes-offline.ts).
   */
  keepOffline?: () => Promise<void>;
  /** i18n key of the help page's line for a mode whose tap and pace do not say what it does. */
  summaryKey?: string;
}

/** Spec §9: auto-capture period of the auto modes. */
const AUTO_CAPTURE_MS = 10_000;

type EntryInput = Omit<
  SceneModeEntry,
  'labelKey' | 'scenario' | 'prompt' | 'sceneId' | 'live' | 'keepOffline' | 'summaryKey'
> & {
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

/**
 * A live channel's entry: under "more scenes", a tap handed to the channel, no completion sound.
 * `scenario` is what a channel's server fallback sends, where it has one.
 */
export const liveChannel = (
  id: SceneMode,
  e: {
    intervalMs: number;
    live: LiveChannelLoader;
    keepOffline?: () => Promise<void>;
    scenario?: Scenario;
    dangerWatch?: boolean;
  },
): SceneModeEntry => ({
  id,
  labelKey: `seeForMe.modes.${id}`,
  summaryKey: `seeForMe.modeSummaries.${id}`,
  captureIntervalMs: e.intervalMs,
  tap: 'live',
  listening: 'none',
  completionSound: 'none',
  compression: 'standard',
  scenario: e.scenario ?? 'observe',
  visibility: 'more',
  dangerWatch: e.dangerWatch ?? false,
  live: e.live,
  keepOffline: e.keepOffline,
});

/** The OCR models and runtime that 短文本, 文档 and 纸币 read with (27 MB, out of the precache). */
const keepOcrOffline = () => import('./channels/ocr/ocr-assets.ts').then((m) => m.keepOcrAssets());

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
  liveChannel('text', {
    intervalMs: 700,
    live: () => import('./channels/text/index.ts').then((m) => m.createTextChannel()),
    keepOffline: keepOcrOffline,
  }),
  liveChannel('find', {
    intervalMs: 250,
    live: () => import('./channels/find/index.ts').then((m) => m.createFindChannel()),
  }),
  liveChannel('people', {
    intervalMs: 1000,
    live: () => import('./channels/people/index.ts').then((m) => m.createPeopleChannel()),
  }),
  liveChannel('colour', {
    intervalMs: 200,
    live: () => import('./channels/colour/index.ts').then((m) => m.createColourChannel()),
  }),
  liveChannel('light', {
    intervalMs: 100,
    live: () => import('./channels/light/index.ts').then((m) => m.createLightChannel()),
  }),
  liveChannel('document', {
    intervalMs: 400,
    live: () => import('./channels/document/index.ts').then((m) => m.createDocumentChannel()),
    keepOffline: keepOcrOffline,
  }),
  liveChannel('banknote', {
    intervalMs: 700,
    live: () => import('./channels/banknote/index.ts').then((m) => m.createBanknoteChannel()),
    keepOffline: keepOcrOffline,
  }),
  liveChannel('barcode', {
    intervalMs: 250,
    live: () => import('./channels/barcode/index.ts').then((m) => m.createBarcodeChannel()),
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
