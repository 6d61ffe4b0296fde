import { SPEECH_RATE_MAX, SPEECH_RATE_MIN } from '@sfm/protocol';
import { useSyncExternalStore } from 'react';
import { platform } from '../../platform/index.ts';
import { mseSupportsMpeg } from '../../platform/media.ts';
import { useSession } from '../../session/index.ts';

/** Spec §3 local preferences of speech — exactly these key names. */
const SpeechPreferenceKey = {
  speechEngine: 'speechEngine',
  selectedVoice: 'selectedVoice',
  /** Spec §3 speech config `volume`: 0–1, default 1. */
  volume: 'volume',
  /** Ours, not the spec's: 'true' hands every text to the user's screen reader instead of our voice. */
  speakWithScreenReader: 'speakWithScreenReader',
} as const;

export type SpeechEnginePreference = 'cloud' | 'native' | 'other';

/** The stored preference; default 'cloud' when MSE plays audio/mpeg, else 'other' (the device's own). */
export function readSpeechEngine(): SpeechEnginePreference {
  const stored = platform.storage.get(SpeechPreferenceKey.speechEngine);
  if (stored === 'cloud' || stored === 'native' || stored === 'other') return stored;
  return mseSupportsMpeg() ? 'cloud' : 'other';
}

export function writeSpeechEngine(value: SpeechEnginePreference): void {
  platform.storage.set(SpeechPreferenceKey.speechEngine, value);
}

export function readSelectedVoice(): string | null {
  const voice = platform.storage.get(SpeechPreferenceKey.selectedVoice);
  return voice && voice.trim() ? voice : null;
}

/** What app start found out (a screen reader is on in the native app); stands until the user chooses. */
let screenReaderDefault = false;
const screenReaderListeners = new Set<() => void>();

function notifyScreenReaderListeners(): void {
  for (const listener of screenReaderListeners) listener();
}

/**
 * True when results go to the user's screen reader rather than the app's own voice, so the two never
 * talk at once (ACCESSIBILITY.md). Without a stored choice: whether app start found a screen reader.
 */
export function readSpeakWithScreenReader(): boolean {
  const stored = platform.storage.get(SpeechPreferenceKey.speakWithScreenReader);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return screenReaderDefault;
}

export function writeSpeakWithScreenReader(on: boolean): void {
  platform.storage.set(SpeechPreferenceKey.speakWithScreenReader, String(on));
  notifyScreenReaderListeners();
}

/**
 * App start: the default follows TalkBack / VoiceOver in the native app (a web page cannot tell, so
 * false there). Kept in memory, not stored: until the user chooses, each start asks again.
 */
export async function resolveSpeakWithScreenReaderDefault(): Promise<void> {
  screenReaderDefault = await platform.isScreenReaderOn();
  notifyScreenReaderListeners();
}

function subscribeSpeakWithScreenReader(listener: () => void): () => void {
  screenReaderListeners.add(listener);
  return () => screenReaderListeners.delete(listener);
}

/** readSpeakWithScreenReader for components: they re-render when it changes. */
export function useSpeakWithScreenReader(): boolean {
  return useSyncExternalStore(subscribeSpeakWithScreenReader, readSpeakWithScreenReader);
}

/** The volume every spoken text and sound plays at, 0–1 (default 1: a bad value never mutes the app). */
export function readSpeechVolume(): number {
  const stored = platform.storage.get(SpeechPreferenceKey.volume);
  const volume = stored === null || stored.trim() === '' ? NaN : Number(stored);
  return volume >= 0 && volume <= 1 ? volume : 1;
}

export function writeSpeechVolume(volume: number): void {
  platform.storage.set(SpeechPreferenceKey.volume, String(volume));
}

export function readSpeechRate(): number {
  return useSession.getState().speechRate;
}

/** The assistant's "faster / slower" stays within 0.5–3 (ACCESSIBILITY.md). */
const ASSISTANT_RATE_MIN = Math.max(0.5, SPEECH_RATE_MIN);
const ASSISTANT_RATE_MAX = Math.min(3, SPEECH_RATE_MAX);

/** Changes the stored speech rate by `delta` (clamped); returns the new rate. */
export function stepSpeechRate(delta: number): number {
  const current = readSpeechRate();
  const next =
    Math.round(Math.min(ASSISTANT_RATE_MAX, Math.max(ASSISTANT_RATE_MIN, current + delta)) * 100) / 100;
  useSession.getState().setSpeechRate(next);
  return useSession.getState().speechRate;
}
