import { useCallback } from 'react';
import { create } from 'zustand';
import { onLocationChange } from './navigation.ts';

interface AnnouncerState {
  polite: string;
  assertive: string;
}

type Region = keyof AnnouncerState;

const useAnnouncer = create<AnnouncerState>()(() => ({ polite: '', assertive: '' }));

/** Which announcement each region is showing or about to show: a newer one, or a withdrawal, wins. */
const latest: Record<Region, number> = { polite: 0, assertive: 0 };
let lastId = 0;

export interface AnnounceOptions {
  /** Use the assertive alert region (danger, errors the user must hear now). */
  assertive?: boolean;
}

const nextFrame = (fn: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => fn());
  else setTimeout(fn, 16);
};

/**
 * Speaks through the app-wide live regions: clears first, sets on the next frame, so repeats are
 * re-read. Returns a withdrawal for a status that stops being true ("正在登录…" once the request
 * ended): it empties the region unless something newer has been announced there since.
 */
export function announce(text: string, options: AnnounceOptions = {}): () => void {
  const key: Region = options.assertive ? 'assertive' : 'polite';
  const id = ++lastId;
  latest[key] = id;
  useAnnouncer.setState({ [key]: '' });
  nextFrame(() => {
    if (latest[key] === id) useAnnouncer.setState({ [key]: text });
  });
  return () => {
    if (latest[key] !== id) return;
    latest[key] = 0;
    useAnnouncer.setState({ [key]: '' });
  };
}

/**
 * Empties both regions when another page opens: what was said on the last page (a danger warning,
 * a status) is not true here. An announcement still waiting for its frame was made together with
 * the navigation ("登录成功", "已选择：志愿者") and is meant for the new page, so it still comes.
 */
function clearAnnouncements(): void {
  useAnnouncer.setState({ polite: '', assertive: '' });
}

/**
 * Clears the regions as soon as the address's path changes. The address, not a layout effect: page
 * changes render as transitions, which may commit after the frame that shows the new page's first
 * announcement, and would then wipe it.
 */
export function clearAnnouncementsOnPageChange(): () => void {
  let pathname = window.location.pathname;
  return onLocationChange(() => {
    if (window.location.pathname === pathname) return;
    pathname = window.location.pathname;
    clearAnnouncements();
  });
}

export function useAnnounce(): (text: string, options?: AnnounceOptions) => () => void {
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

/** Test helper: empties both regions and drops what is still waiting for its frame. */
export function resetAnnouncer(): void {
  latest.polite = 0;
  latest.assertive = 0;
  clearAnnouncements();
}
