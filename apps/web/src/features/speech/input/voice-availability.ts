import { create } from 'zustand';

interface VoiceAvailability {
  /** The browser's recognizer proved it cannot work here (for the rest of this page load). */
  browserRecognizerBroken: boolean;
  /** "Voice input is unavailable" has been said (it is said once per page load). */
  unavailableNoticeGiven: boolean;
}

export const useVoiceAvailability = create<VoiceAvailability>(() => ({
  browserRecognizerBroken: false,
  unavailableNoticeGiven: false,
}));

export function markBrowserRecognizerBroken(): void {
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
