/**
 * Camera, torch, vibration, page visibility and speech-engine availability: the browser side of the
 * devices the see-for-me screen uses. Nothing outside platform/ touches navigator.* for these.
 */

import { Capacitor } from '@capacitor/core';
import { nativePermissionState, requestNativeMicrophone } from './native-permissions.ts';
import type { PermissionStateName } from './permission-state.ts';

export type { PermissionStateName } from './permission-state.ts';

/** The camera API (navigator.mediaDevices.getUserMedia), or null when the browser has none. */
export function mediaDevices(): MediaDevices | null {
  if (typeof navigator === 'undefined') return null;
  const devices = (navigator as Navigator & { mediaDevices?: MediaDevices }).mediaDevices;
  return devices && typeof devices.getUserMedia === 'function' ? devices : null;
}

/**
 * The current permission state: the native app's runtime permission (its plugins), else the
 * Permissions API; 'unknown' where the browser cannot tell.
 */
export async function permissionState(name: 'camera' | 'microphone'): Promise<PermissionStateName> {
  if (Capacitor.isNativePlatform()) return nativePermissionState(name);
  try {
    const permissions = (navigator as Navigator & { permissions?: Permissions }).permissions;
    if (!permissions?.query) return 'unknown';
    const status = await permissions.query({ name: name as PermissionName });
    return status.state;
  } catch {
    return 'unknown';
  }
}

/** True when a rear-camera track can switch its torch (`getCapabilities().torch`). */
export function trackSupportsTorch(track: MediaStreamTrack | undefined): boolean {
  if (!track || typeof track.getCapabilities !== 'function') return false;
  const caps = track.getCapabilities() as MediaTrackCapabilities & { torch?: boolean };
  return caps.torch === true;
}

export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}

/** Vibrates where supported (Android browsers); silently nothing elsewhere. */
export function vibrate(pattern: number | number[]): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
      navigator.vibrate(pattern);
  } catch {
    // not allowed without a user gesture in some browsers
  }
}

export function isPageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** Calls back with the new visibility whenever the page goes to the background or comes back. */
export function onVisibilityChange(handler: (visible: boolean) => void): () => void {
  const listener = () => handler(isPageVisible());
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** The browser's speech synthesis, or null. */
export function speechSynthesisApi(): SpeechSynthesis | null {
  if (typeof window === 'undefined') return null;
  const synth = (window as Window & { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  return synth ?? null;
}

/** Minimal typing of the Web Speech recognition API (not in TypeScript's DOM lib). */
export interface RecognitionAlternative {
  transcript: string;
  confidence: number;
}
export interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
export interface RecognitionEvent {
  resultIndex: number;
  results: { length: number; [index: number]: RecognitionResult };
}
export interface BrowserRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type BrowserRecognitionConstructor = new () => BrowserRecognition;

/** SpeechRecognition / webkitSpeechRecognition, or null when the browser has neither. */
export function speechRecognitionConstructor(): BrowserRecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as Window & {
    SpeechRecognition?: BrowserRecognitionConstructor;
    webkitSpeechRecognition?: BrowserRecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Browsers whose own recognition service answers (their brands as `navigator.userAgentData` names them). */
const BRANDS_WITH_SPEECH_SERVICE = ['Google Chrome', 'Microsoft Edge'];

/**
 * Whether the browser's recognizer can be expected to work. Every Chromium build has the API, but
 * only Chrome and Edge bring a service behind it: in Chromium itself (Debian's, Brave, Opera and
 * the like) each recognition ends in a 'network' error after the user was asked to speak. Browsers
 * that do not name their brands (Safari, Firefox) are judged by the API alone; a recognizer a page
 * or test supplies itself (not the browser's native one) is always tried.
 */
export function browserRecognizerExpectedToWork(): boolean {
  const Recognition = speechRecognitionConstructor();
  if (!Recognition) return false;
  const brands = (navigator as Navigator & { userAgentData?: { brands?: { brand: string }[] } }).userAgentData
    ?.brands;
  if (!brands?.some((b) => b.brand === 'Chromium')) return true;
  if (!Function.prototype.toString.call(Recognition).includes('[native code]')) return true;
  return brands.some((b) => BRANDS_WITH_SPEECH_SERVICE.includes(b.brand));
}

/**
 * Asks for the microphone once (the system prompt): the native app's runtime permission (Android's
 * RECORD_AUDIO), or in the browser a stream released at once; true when granted.
 */
export async function requestMicrophone(): Promise<boolean> {
  if (Capacitor.isNativePlatform()) return requestNativeMicrophone();
  const devices = mediaDevices();
  if (!devices) return false;
  try {
    const stream = await devices.getUserMedia({ audio: true, video: false });
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    return false;
  }
}

/**
 * MediaSource (MSE), or null when the browser has none. Cloud speech plays through it on every
 * platform, in the Android and iOS web views too. Spec §9 gives Android a native player set to
 * 22050 Hz, mono, buffer 4096; the app keeps the web view's player because:
 * - the stream is MP3 at 22050 Hz mono (the synthesis options' sampleRate), and MSE plays it as it
 *   comes: the rate and channels heard are the spec's without setting them;
 * - a native AudioTrack takes decoded PCM: the shell would need an MP3 decoder and a plugin of its
 *   own, with every chunk crossing the Capacitor bridge as base64 (a third larger, one call per
 *   chunk). None of the Capacitor plugins the app ships plays a stream;
 * - 4096 is the size of such a track's write buffer (0.1–0.2 s at that rate); MSE buffers by time
 *   instead, and Android's own start buffer, end-of-stream grace and gap threshold are kept as the
 *   player's Android timings (features/speech/output/cloud-speech-config.ts);
 * - one player means one end-of-stream state machine, tested once for every platform.
 */
export function mediaSourceConstructor(): typeof MediaSource | null {
  if (typeof window === 'undefined') return null;
  const w = window as Window & { MediaSource?: typeof MediaSource };
  return w.MediaSource ?? null;
}

/** True when MSE can play MP3 (`audio/mpeg`): the cloud speech stream needs it (spec §5). */
export function mseSupportsMpeg(): boolean {
  try {
    return mediaSourceConstructor()?.isTypeSupported('audio/mpeg') === true;
  } catch {
    return false;
  }
}
