import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { ScreenReader } from '@capacitor/screen-reader';

/** The platform values of the spec (§9): the browser is "h5". */
export type PlatformName = 'h5' | 'android' | 'ios';

/** Key/value storage; localStorage in the browser and in the Capacitor web view alike. */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface Platform {
  name(): PlatformName;
  isNative(): boolean;
  /**
   * The device's own voice and speech recognition are the native plugins (the Capacitor shell), not
   * the browser's Web Speech API.
   */
  hasNativeSpeech(): boolean;
  /** Closes the native app; in the browser it does nothing. */
  exitApp(): Promise<void>;
  /** window.close(): browsers refuse it for pages the script did not open. */
  closeWindow(): void;
  /** True while the browser window is still open (after a closeWindow attempt). */
  isWindowOpen(): boolean;
  /** Subscribes to the Android hardware back button; returns the unsubscribe. No-op in the browser. */
  onBackButton(handler: () => void): () => void;
  /**
   * Runs `handler` when the app closes: on `pagehide` (the page is left, closed or put in the
   * back/forward cache, in the browser and the web view alike) and, in the native app, before
   * exitApp. Capacitor has no event for an app the system closes: its process, and with it every
   * socket, simply ends. Returns the unsubscribe.
   */
  onAppClose(handler: () => void): () => void;
  /**
   * True when TalkBack / VoiceOver is on (native app only). Always false in the browser: a web page
   * cannot tell whether a screen reader runs. Never rejects.
   */
  isScreenReaderOn(): Promise<boolean>;
  /** Writes a first-party cookie (device id, spec §3). */
  writeCookie(cookie: string): void;
  storage: KeyValueStorage;
}

const localStorageAdapter: KeyValueStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage full or disabled (private mode): the in-memory store still works
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/** The onAppClose handlers, run by exitApp before the native app closes. */
const closeHandlers = new Set<() => void>();

function runCloseHandlers(): void {
  for (const handler of closeHandlers) {
    try {
      handler();
    } catch {
      // one cleanup's failure must not keep the others from running
    }
  }
}

/** The one place that knows whether we run in a browser or inside the Capacitor shell. */
export const platform: Platform = {
  name() {
    const name = Capacitor.getPlatform();
    return name === 'android' || name === 'ios' ? name : 'h5';
  },
  isNative() {
    return Capacitor.isNativePlatform();
  },
  hasNativeSpeech() {
    return platform.isNative();
  },
  async exitApp() {
    if (!Capacitor.isNativePlatform()) return;
    runCloseHandlers();
    await App.exitApp();
  },
  closeWindow() {
    window.close();
  },
  isWindowOpen() {
    return !window.closed;
  },
  onBackButton(handler) {
    if (!Capacitor.isNativePlatform()) return () => undefined;
    let removed = false;
    let remove: (() => Promise<void>) | undefined;
    App.addListener('backButton', () => handler())
      .then((handle) => {
        if (removed) void handle.remove();
        else remove = () => handle.remove();
      })
      .catch(() => undefined);
    return () => {
      removed = true;
      if (remove) void remove();
    };
  },
  onAppClose(handler) {
    // a wrapper of our own, so one handler subscribed twice is also unsubscribed twice
    const entry = () => handler();
    closeHandlers.add(entry);
    window.addEventListener('pagehide', entry);
    return () => {
      closeHandlers.delete(entry);
      window.removeEventListener('pagehide', entry);
    };
  },
  async isScreenReaderOn() {
    if (!Capacitor.isNativePlatform()) return false;
    try {
      return (await ScreenReader.isEnabled()).value;
    } catch {
      // a shell built without the plugin: behave like the browser
      return false;
    }
  },
  writeCookie(cookie) {
    document.cookie = cookie;
  },
  storage: localStorageAdapter,
};
