import { useEffect } from 'react';
import { speechOutput } from '../speech/index.ts';

/**
 * The camera screen's keyboard shortcuts: Escape stops speech, R repeats the last sentence. Not
 * while a dialog is open or a field has the keyboard (there the keys are the user's own), nor with
 * a modifier (the browser's and the screen reader's shortcuts).
 */
export function useSpeechKeys(): void {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector('dialog[open]')) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === 'Escape') speechOutput.cancel();
      else if (event.key === 'r' || event.key === 'R') void speechOutput.repeatLast();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
