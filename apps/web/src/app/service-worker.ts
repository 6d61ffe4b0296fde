/** Spec §4/§9: a silent web update reloads the page after 1 s. */
export const SILENT_UPDATE_RELOAD_MS = 1_000;

/** What the app needs of workbox-window's Workbox. */
export interface ServiceWorkerHandle {
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
  /** Asks the server for a newer worker now (the browser otherwise checks only on navigation). */
  update(): Promise<unknown>;
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
    const worker = new Workbox('/sw.js', { scope: '/' });
    await followUpdates(worker, () => window.location.reload());
    return worker;
  };
  registered = new Promise((done) => {
    const run = () =>
      start().then(done, (error: unknown) => {
        console.warn('service worker not registered', error);
        done(null);
      });
    if (document.readyState === 'complete') void run();
    else window.addEventListener('load', () => void run(), { once: true });
  });
}

/** The registered worker once registration has ended (null: none, e.g. in development). */
let registered: Promise<ServiceWorkerHandle | null> = Promise.resolve(null);

/** Which version a page reload without a worker was made for (sessionStorage): never twice. */
const RELOADED_FOR_KEY = 'sfm-update-reloaded-for';

/**
 * The web's update (spec §4), when the update check says a newer build is deployed: the worker is
 * asked for it at once, and when the new worker takes over, followUpdates reloads the page 1 s later
 * (the same path as a build found on navigation). Without a worker (development, a browser without
 * them) the page reloads after 1 s itself, once per version: a server that announces a build it
 * does not serve yet cannot make the page reload forever.
 */
export async function updateWebApp(
  versionName: string,
  reload = () => window.location.reload(),
): Promise<void> {
  const worker = await registered;
  if (worker) {
    await worker.update();
    return;
  }
  if (sessionStorage.getItem(RELOADED_FOR_KEY) === versionName) return;
  sessionStorage.setItem(RELOADED_FOR_KEY, versionName);
  setTimeout(reload, SILENT_UPDATE_RELOAD_MS);
}
