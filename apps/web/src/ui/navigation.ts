import { navigate as browserNavigate } from 'wouter/use-browser-location';

/**
 * The app's address is the browser's (History API): wouter's browser location patches
 * history.pushState and replaceState to announce themselves as window events of the same names,
 * which, with popstate, tell of every change.
 */
const CHANGES = ['popstate', 'pushState', 'replaceState'] as const;

/** The state of a history entry the app made: the entry a session opened on has none. */
const IN_APP = { inApp: true } as const;

export interface NavigateOptions {
  replace?: boolean;
  /** What the new entry carries (wouter's useHistoryState reads it). */
  state?: unknown;
  /**
   * Show the new page in this very render, not as a transition that keeps the last page on screen
   * while the next one's code arrives: for a change that must not overtake the page change.
   */
  immediate?: boolean;
}

let immediate = false;

/** Goes to `to` in the browser's history; what wouter's links and redirects call too (AppRouter). */
export function navigate(to: string, options: NavigateOptions = {}): void {
  immediate = options.immediate ?? false;
  try {
    browserNavigate(to, { replace: options.replace ?? false, state: options.state ?? IN_APP });
  } finally {
    immediate = false;
  }
}

/**
 * Calls `listener` on every change of the address, ours or the browser's (back, forward); it learns
 * whether the change asked to be shown at once (NavigateOptions.immediate).
 */
export function onLocationChange(listener: (immediate: boolean) => void): () => void {
  const onChange = () => listener(immediate);
  for (const type of CHANGES) window.addEventListener(type, onChange);
  return () => {
    for (const type of CHANGES) window.removeEventListener(type, onChange);
  };
}

/** There is an earlier entry of this app in the history stack: this one is not where the session opened. */
export const canGoBack = (): boolean => window.history.state !== null;

/**
 * Navigation for code outside React (the HTTP client's session expiry, app start, the voice
 * assistant): the app's own `navigate`, or what a test puts in its place.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => unknown;

let navigator: Navigator = navigate;

/** Puts `fn` in the place of the app's navigation (a test's spy); null puts the app's back. */
export function bindNavigator(fn: Navigator | null): void {
  navigator = fn ?? navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = { replace: true }): void {
  navigator(to, options);
}
