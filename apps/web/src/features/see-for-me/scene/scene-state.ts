import type { PhotoProblem, SceneMode } from '@sfm/protocol';
import type { ChannelControl } from '../channels/live-channel.ts';
import type { SceneModeEntry } from '../scene-modes.ts';

/** What the scene is doing. */
export type ScenePhase = 'idle' | 'listening' | 'capturing' | 'analyzing' | 'speaking';

/** The state machine, as a table: from → allowed next phases (every phase may reset to idle). */
export const SCENE_TRANSITIONS: Readonly<Record<ScenePhase, readonly ScenePhase[]>> = {
  idle: ['listening', 'capturing'],
  listening: ['capturing', 'idle'],
  capturing: ['analyzing', 'idle'],
  analyzing: ['speaking', 'idle'],
  // an auto capture may start while the last result is still being read; dialogue listens again
  speaking: ['idle', 'capturing', 'listening'],
};

export function canTransition(from: ScenePhase, to: ScenePhase): boolean {
  return from === to || to === 'idle' || SCENE_TRANSITIONS[from].includes(to);
}

export interface SceneResult {
  text: string;
  /** ms since epoch. */
  at: number;
}

/** Spec §3 scene state (+ what the screen shows). */
export interface SceneState {
  /** Spec §3's currentMode. */
  mode: SceneMode;
  /** Spec §3's currentSceneId: the market scene running, null in a built-in mode. */
  currentSceneId: string | null;
  phase: ScenePhase;
  /** The visible (and politely announced) status line. */
  statusMessage: string;
  /** Bumped on every status set, so the same text can be announced again. */
  statusSeq: number;
  /** The status line's text is also spoken (so a screen reader as the voice needs it only once). */
  statusSpoken: boolean;
  /** The status went back to rest (the step it named is over): shown, not announced again. */
  statusQuiet: boolean;
  question: string;
  lastResult: SceneResult | null;
  lastAnalysisDescription: string;
  isDangerousScene: boolean;
  /** Auto-capture is running. */
  isActive: boolean;
  isAnalyzing: boolean;
  /** The current auto-capture period (10 s, 5 s while dangerous; 0 for on-demand modes). */
  intervalMs: number;
  listening: boolean;
  /** Dialogue mode is holding a conversation (between turns too). */
  conversing: boolean;
  /** Bumped when a tap asks for the typed question (no recognizer works here): focus goes there. */
  typedQuestionSeq: number;
  /** The last analysis was refused for points: the page offers recharging (or logging in, for a device). */
  pointsShortfall: 'recharge' | 'login' | null;
  /**
   * The last photo could not be used (the result is how to take it again): the page offers to
   * describe it anyway, and auto-capture does not repeat the same advice.
   */
  retake: PhotoProblem | null;
  /** A live channel's buttons and choices (打开链接, 保存, what to find), shown with the result. */
  liveControls: readonly ChannelControl[];
  /** What the brief answer left unsaid: shown already, read on request ("继续读"). */
  unread: string;
}

/** A mode's state before anything has happened in it. */
export function freshState(entry: SceneModeEntry): SceneState {
  return {
    mode: entry.id,
    currentSceneId: entry.sceneId ?? null,
    phase: 'idle',
    statusMessage: '',
    statusSeq: 0,
    statusSpoken: false,
    statusQuiet: false,
    question: '',
    lastResult: null,
    lastAnalysisDescription: '',
    isDangerousScene: false,
    isActive: false,
    isAnalyzing: false,
    intervalMs: entry.captureIntervalMs,
    listening: false,
    conversing: false,
    typedQuestionSeq: 0,
    pointsShortfall: null,
    retake: null,
    liveControls: [],
    unread: '',
  };
}
