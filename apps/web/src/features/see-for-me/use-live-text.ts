import { useEffect, useState } from 'react';

/** The gap between clearing a live region and setting its new text, so screen readers re-read it. */
const LIVE_TEXT_GAP_MS = 50;

/**
 * Live-region text that screen readers actually read: empty at mount, set in a later update, and
 * cleared then set again shortly after whenever `seq` changes (so the same text is re-read).
 */
export function useLiveText(text: string, seq: number): string {
  const [shown, setShown] = useState('');
  useEffect(() => {
    const clear = setTimeout(() => setShown(''), 0);
    const show = setTimeout(() => setShown(text), LIVE_TEXT_GAP_MS);
    return () => {
      clearTimeout(clear);
      clearTimeout(show);
    };
  }, [text, seq]);
  return shown;
}
