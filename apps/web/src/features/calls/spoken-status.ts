import { useEffect } from 'react';
import { speechOutput } from '../speech/index.ts';

/**
 * Says each new status of a call page with the app's voice (or the screen reader, as the user chose):
 * a blind user hears calling, connected, ended without looking for them.
 */
export function useSpokenStatus(text: string): void {
  useEffect(() => {
    if (text) void speechOutput.speak(text).catch(() => undefined);
  }, [text]);
}
