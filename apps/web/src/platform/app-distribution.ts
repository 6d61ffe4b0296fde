import { App } from '@capacitor/app';
import { Clipboard } from '@capacitor/clipboard';
import { Capacitor } from '@capacitor/core';
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

/**
 * Opens an address outside the app: in the native shell a navigation away from the app's own origin
 * goes to the system (the App Store, the browser); in the browser the page itself goes there.
 */
export function openExternal(url: string): void {
  window.location.assign(url);
}
