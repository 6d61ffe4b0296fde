import { useCallback } from 'react';
import { create } from 'zustand';

interface AnnouncerState {
  polite: string;
  assertive: string;
}

const useAnnouncer = create<AnnouncerState>()(() => ({ polite: '', assertive: '' }));

export interface AnnounceOptions {
  /** Use the assertive alert region (danger, errors the user must hear now). */
  assertive?: boolean;
}

const nextFrame = (fn: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => fn());
  else setTimeout(fn, 16);
};

/** Speaks through the app-wide live regions: clears first, sets on the next frame, so repeats are re-read. */
export function announce(text: string, options: AnnounceOptions = {}): void {
  const key: keyof AnnouncerState = options.assertive ? 'assertive' : 'polite';
  useAnnouncer.setState({ [key]: '' });
  nextFrame(() => useAnnouncer.setState({ [key]: text }));
}

export function useAnnounce(): (text: string, options?: AnnounceOptions) => void {
  return useCallback((text: string, options?: AnnounceOptions) => announce(text, options), []);
}

/** The one polite status region and the one assertive alert region; rendered empty at mount. */
export function LiveRegions() {
  const polite = useAnnouncer((s) => s.polite);
  const assertive = useAnnouncer((s) => s.assertive);
  return (
    <>
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="visually-hidden"
        data-testid="live-polite"
      >
        {polite}
      </div>
      <div
        role="alert"
        aria-live="assertive"
        aria-atomic="true"
        className="visually-hidden"
        data-testid="live-alert"
      >
        {assertive}
      </div>
    </>
  );
}

/** Test helper: empties both regions. */
export function resetAnnouncer(): void {
  useAnnouncer.setState({ polite: '', assertive: '' });
}
