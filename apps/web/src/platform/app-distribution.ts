import { App } from '@capacitor/app';
import { Clipboard } from '@capacitor/clipboard';
import { Capacitor, type PluginListenerHandle } from '@capacitor/core';
import { FALLBACK_BUILD_NUMBER } from '@sfm/protocol';

/** What kind of device a visitor holds, for the download page: it offers that device's app. */
export type DeviceOs = 'android' | 'ios' | 'desktop';

/**
 * The visitor's device from its user agent. iPadOS 13+ says "Macintosh", but a Mac has no touch
 * screen: that tells the two apart.
 */
export function deviceOs(userAgent: string, maxTouchPoints = 0): DeviceOs {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}

export const currentDeviceOs = (): DeviceOs => deviceOs(navigator.userAgent, navigator.maxTouchPoints);

/**
 * The build number of what is running: the native app's own (its versionCode / CFBundleVersion), or
 * the web build's, which the build writes from VITE_BUILD_NUMBER (spec §9: 100 when not given).
 */
export async function installedBuild(): Promise<number> {
  if (Capacitor.isNativePlatform()) {
    const build = Number((await App.getInfo()).build);
    if (Number.isInteger(build) && build > 0) return build;
  }
  return webBuildNumber();
}

export function webBuildNumber(): number {
  const build = Number(import.meta.env.VITE_BUILD_NUMBER);
  return Number.isInteger(build) && build > 0 ? build : FALLBACK_BUILD_NUMBER;
}

/**
 * Puts text on the clipboard: the Clipboard plugin in the native app (the web view's own clipboard
 * API needs a permission Android's web view does not grant), the Clipboard API in the browser.
 * Rejects when the text could not be copied.
 */
export async function copyText(text: string): Promise<void> {
  if (Capacitor.isNativePlatform()) {
    await Clipboard.write({ string: text });
    return;
  }
  await navigator.clipboard.writeText(text);
}

/** An address that was not opened: not one the system opens, refused, or nothing took it. */
export class ExternalOpenError extends Error {
  override readonly name = 'ExternalOpenError';
}

/**
 * How long the native app waits, after handing an address to the system, to be sent to the
 * background by the app that takes it. The App Store comes to the front well within a second; a
 * slow phone gets the rest. Still in front after that, nothing took the address (the App Store
 * restricted or removed): the user is told instead of left waiting.
 */
export const EXTERNAL_OPEN_WAIT_MS = 3_000;

/** What openExternal uses of the browser and the shell (tests give fakes). */
export interface ExternalOpenDeps {
  isNative(): boolean;
  /** Navigates the page (the web view hands an address of another origin to the system). */
  navigate(url: string): void;
  /** Resolves true when the app goes to the background within `ms`, else false. */
  leavesApp(ms: number): Promise<boolean>;
}

/**
 * Addresses the system opens: web pages and the App Store's own scheme. A server-sent address
 * such as javascript: would otherwise run in the app's page.
 */
const OPENABLE_PROTOCOLS = new Set(['https:', 'http:', 'itms-apps:']);

/** Whether the app goes to the background within `ms` (the App plugin's appStateChange). */
export function leavesApp(ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    let handle: PluginListenerHandle | undefined;
    const settle = (left: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void handle?.remove();
      resolve(left);
    };
    const timer = setTimeout(() => settle(false), ms);
    // the earliest sign that another app took the screen (iOS willResignActive), before the web
    // view is put in the background where its timers stop
    App.addListener('appStateChange', ({ isActive }) => {
      if (!isActive) settle(true);
    })
      .then((added) => {
        handle = added;
        if (settled) void added.remove();
      })
      // a shell without the App plugin cannot tell: the navigation is taken as done
      .catch(() => settle(true));
  });
}

const appExternalOpen: ExternalOpenDeps = {
  isNative: () => Capacitor.isNativePlatform(),
  navigate: (url) => window.location.assign(url),
  leavesApp,
};

/**
 * Opens an address outside the app: in the native shell a navigation away from the app's own origin
 * goes to the system (the App Store, the browser), and resolves once the app went to the
 * background for it; in the browser the page itself goes there. Rejects with ExternalOpenError
 * when it could not.
 */
export async function openExternal(url: string, deps: ExternalOpenDeps = appExternalOpen): Promise<void> {
  let address: URL;
  try {
    address = new URL(url);
  } catch (cause) {
    throw new ExternalOpenError(`not an address: ${url}`, { cause });
  }
  if (!OPENABLE_PROTOCOLS.has(address.protocol)) {
    throw new ExternalOpenError(`not an address the system opens: ${address.protocol}`);
  }
  // listening before navigating: the app may be in the background before navigate returns
  const left = deps.isNative() ? deps.leavesApp(EXTERNAL_OPEN_WAIT_MS) : Promise.resolve(true);
  try {
    deps.navigate(address.href);
  } catch (cause) {
    throw new ExternalOpenError('the navigation was refused', { cause });
  }
  if (!(await left)) throw new ExternalOpenError('nothing opened the address');
}
