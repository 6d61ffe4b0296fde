/** Spec §4/§9: a silent web update reloads the page after 1 s. */
export const SILENT_UPDATE_RELOAD_MS = 1_000;

/** What the app needs of workbox-window's Workbox. */
export interface ServiceWorkerHandle {
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
}

/**
 * Registers the service worker and follows its updates: the built worker takes over as soon as a new
 * version is installed (skipWaiting, clientsClaim), and when it replaces an older one this page,
 * still running the old code, reloads 1 s later (the spec's silent update). The first install
 * reloads nothing: the page already runs the code the worker holds.
 */
export function followUpdates(worker: ServiceWorkerHandle, reload: () => void): Promise<unknown> {
  worker.addEventListener('controlling', (event) => {
    if (event.isUpdate) setTimeout(reload, SILENT_UPDATE_RELOAD_MS);
  });
  return worker.register();
}

/**
 * The installable app's service worker (built by vite-plugin-pwa, see vite.config.ts): registered
 * after the page has loaded, so that it never competes with the first visit for the network. Not in
 * development (Vite serves no worker) nor in the native app (service-worker.native.ts).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    await followUpdates(new Workbox('/sw.js', { scope: '/' }), () => window.location.reload());
  };
  const run = () => start().catch((error: unknown) => console.warn('service worker not registered', error));
  if (document.readyState === 'complete') void run();
  else window.addEventListener('load', () => void run(), { once: true });
}
