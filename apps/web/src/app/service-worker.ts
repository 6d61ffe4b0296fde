/** Spec §4/§9: a silent web update reloads the page after 1 s. */
export const SILENT_UPDATE_RELOAD_MS = 1_000;

/** What the app needs of workbox-window's Workbox (and of the registration it makes). */
export interface ServiceWorkerHandle {
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
  /**
   * Asks the server for a newer worker now (the browser otherwise checks only on navigation).
   * True: a newer worker is installing or waiting, and its taking over will reload the page.
   */
  update(): Promise<boolean>;
}

let reloadScheduled = false;

/** The page's one reload, 1 s from now: two paths to the same update never reload it twice. */
function reloadSoon(reload: () => void): void {
  if (reloadScheduled) return;
  reloadScheduled = true;
  setTimeout(reload, SILENT_UPDATE_RELOAD_MS);
}

/**
 * Registers the service worker and follows its updates: the built worker takes over as soon as a new
 * version is installed (skipWaiting, clientsClaim), and when it replaces an older one this page,
 * still running the old code, reloads 1 s later (the spec's silent update). The first install
 * reloads nothing: the page already runs the code the worker holds.
 */
export function followUpdates(worker: ServiceWorkerHandle, reload: () => void): Promise<unknown> {
  worker.addEventListener('controlling', (event) => {
    if (event.isUpdate) reloadSoon(reload);
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
    const workbox = new Workbox('/sw.js', { scope: '/' });
    let registration: ServiceWorkerRegistration | undefined;
    const worker: ServiceWorkerHandle = {
      addEventListener: (type, listener) => workbox.addEventListener(type, listener),
      register: async () => (registration = await workbox.register()),
      update: async () => {
        await registration?.update();
        return Boolean(registration?.installing ?? registration?.waiting);
      },
    };
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

/** Which version this tab last reloaded for (sessionStorage): never twice for one version. */
const RELOADED_FOR_KEY = 'sfm-update-reloaded-for';

/**
 * The web's update (spec §4), when the update check says a newer build is deployed: the worker is
 * asked for it at once, and when the new worker takes over, followUpdates reloads the page 1 s
 * later (the same path as a build found on navigation). When no newer worker is on its way, the
 * page reloads after 1 s itself: either there is no worker (development, a browser without them),
 * or the browser's own check on this page's navigation installed the new build and it took over
 * before the page listened (a loaded phone loads slowly), leaving this page on the old code. Once
 * per version and tab: a server that announces a build it does not serve yet cannot make the page
 * reload forever.
 */
export async function updateWebApp(
  versionName: string,
  reload = () => window.location.reload(),
  worker: ServiceWorkerHandle | null | Promise<ServiceWorkerHandle | null> = registered,
): Promise<void> {
  if (sessionStorage.getItem(RELOADED_FOR_KEY) === versionName) return;
  const handle = await worker;
  let onItsWay = false;
  try {
    onItsWay = handle !== null && (await handle.update());
  } catch {
    // the server did not answer (offline again): the next start's check asks again
    return;
  }
  sessionStorage.setItem(RELOADED_FOR_KEY, versionName);
  if (!onItsWay) reloadSoon(reload);
}
