import { create } from 'zustand';
import { platform } from '../../../platform/index.ts';

/**
 * When the browser's recognizer last proved it cannot work here (its service out of reach): kept
 * across page loads, so the app does not ask "请说话" again only to fail after the prompt. Tried
 * again after a week (a browser update or another network may bring the service back).
 */
const BROKEN_KEY = 'browserRecognizerBrokenAt';
const REMEMBER_BROKEN_MS = 7 * 24 * 3600 * 1000;

function brokenBefore(): boolean {
  const at = Number(platform.storage.get(BROKEN_KEY));
  return Number.isFinite(at) && at > 0 && Date.now() - at < REMEMBER_BROKEN_MS;
}

interface VoiceAvailability {
  /** The browser's recognizer proved it cannot work here (this page load or a recent one). */
  browserRecognizerBroken: boolean;
  /** "Voice input is unavailable" has been said (it is said once per page load). */
  unavailableNoticeGiven: boolean;
}

export const useVoiceAvailability = create<VoiceAvailability>(() => ({
  browserRecognizerBroken: brokenBefore(),
  unavailableNoticeGiven: false,
}));

export function markBrowserRecognizerBroken(): void {
  platform.storage.set(BROKEN_KEY, String(Date.now()));
  useVoiceAvailability.setState({ browserRecognizerBroken: true });
}

export function isBrowserRecognizerBroken(): boolean {
  return useVoiceAvailability.getState().browserRecognizerBroken;
}

/** True only the first time it is asked: whoever gets true gives the notice. */
export function claimUnavailableNotice(): boolean {
  if (useVoiceAvailability.getState().unavailableNoticeGiven) return false;
  useVoiceAvailability.setState({ unavailableNoticeGiven: true });
  return true;
}
