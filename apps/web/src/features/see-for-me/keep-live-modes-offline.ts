import type { SceneModeEntry } from './scene-modes.ts';

/** How long the camera page waits for an idle moment before it starts fetching anyway. */
const IDLE_TIMEOUT_MS = 5_000;

interface SavingConnection {
  saveData?: boolean;
}

let kept: Promise<void> | null = null;

/**
 * What the live modes need beyond the precache (the OCR's models), fetched once the camera page has
 * loaded and the app's service worker is active (its precache, the app itself offline, comes
 * first): each mode's `keepOffline` once per page life, one after the other, in an idle moment. A
 * user who cuts the network (or loses it) after opening the app can then still pick 短文本 or 纸币.
 * Skipped where the browser asks to save data (Chrome's Lite mode, a metered connection) or has no
 * service worker (the app cannot open offline there anyway): the channel then fetches them the
 * first time it is opened. A failure (offline already) is retried the next time the page opens.
 */
export function keepLiveModesOffline(registry: readonly SceneModeEntry[]): void {
  const connection = (navigator as Navigator & { connection?: SavingConnection }).connection;
  if (kept || connection?.saveData) return;
  const keepers = [...new Set(registry.flatMap((m) => (m.keepOffline ? [m.keepOffline] : [])))];
  if (!keepers.length || !('serviceWorker' in navigator)) return;
  kept = navigator.serviceWorker.ready
    .then(
      () =>
        new Promise<void>((idle) => {
          if (typeof requestIdleCallback === 'function') {
            requestIdleCallback(() => idle(), { timeout: IDLE_TIMEOUT_MS });
          } else setTimeout(idle, 0);
        }),
    )
    .then(async () => {
      for (const keep of keepers) await keep();
    })
    .catch(() => {
      kept = null;
    });
}
