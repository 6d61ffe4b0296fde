import type { AnalyzeRequest, CompressionPreset, Verbosity } from '@sfm/protocol';
import type { SpeechInput, SpeechOutput } from '../../speech/index.ts';
import type { AnalysisAnswer } from '../analysis-client.ts';
import type { CapturedFrame } from '../capture.ts';
import type { TonePlayer } from '../channels/tone-player.ts';
import type { SceneModeEntry } from '../scene-modes.ts';
import type { PhotoKeeper } from './photo-keeping.ts';
import type { Translate } from './scene-store.ts';

export type SoundName = 'shutter' | 'ding';

/** What the screen gives the scene: the device and the services, each read when it is needed. */
export interface SceneDeps {
  speech: SpeechOutput;
  t: Translate;
  /** Grabs a frame and encodes it for the preset (waits ≤ 3 s for the stream), with its view's print. */
  capture: (preset: CompressionPreset, signal: AbortSignal) => Promise<CapturedFrame>;
  analyze: (request: AnalyzeRequest, signal: AbortSignal) => Promise<AnalysisAnswer>;
  /** A live channel's frame: the camera's picture scaled so its longer side is at most `maxSide`. */
  grabPixels: (maxSide: number, signal: AbortSignal) => Promise<ImageData | null>;
  /** The live channels' beeps and hum. */
  tones: TonePlayer;
  playSound: (name: SoundName) => void;
  /** The assertive alert region (danger). */
  alert: (text: string) => void;
  vibrate: (pattern: number[]) => void;
  /** The verbosity setting, read at each answer: brief says the first sentences, the rest on request. */
  verbosity: () => Verbosity;
  /** Whether a danger warning also vibrates (the vibrateOnDanger setting, read at each warning). */
  vibrateOnDanger: () => boolean;
  createSpeechInput: (options: { continuous: boolean }) => SpeechInput | null;
  /** Microphone permission (with the rationale overlay); true when granted. */
  requestMicrophone: () => Promise<boolean>;
  /** True the first time voice input is found unavailable in this page load (the notice is said once). */
  claimUnavailableNotice: () => boolean;
  /** Absent: photos are never kept (a screen without a camera of its own). */
  photos?: PhotoKeeper;
  registry?: readonly SceneModeEntry[];
  now?: () => number;
}

export interface TapOptions {
  /** Accessible operation mode: confirm the action by voice where it would otherwise be silent. */
  confirm?: boolean;
}
