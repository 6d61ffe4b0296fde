import { create } from 'zustand';
import { api } from '../api/http-client.ts';
import { tr } from '../i18n/index.ts';
import { announce } from '../ui/announcer.tsx';
import { readSpeakWithScreenReader, speechOutput } from '../features/speech/index.ts';

/** While the server cannot be reached, how often to ask again: the network may be up, the server not. */
export const REACHABILITY_RETRY_MS = 10_000;

/** Whether the server answers, as last seen. Optimistic until the first check says otherwise. */
export const useServerReachable = create<{ reachable: boolean }>()(() => ({ reachable: true }));

export interface ReachabilityDeps {
  /** Whether the server answers (its health check). */
  probe(): Promise<boolean>;
  /** Whether the device has a network at all (navigator.onLine): no need to ask when it has none. */
  online(): boolean;
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  say(text: string, assertive: boolean): void;
}

const appDeps = (): ReachabilityDeps => ({
  probe: async () => {
    try {
      return (await api.call('health')).ok;
    } catch {
      return false;
    }
  },
  online: () => navigator.onLine,
  events: window,
  say: sayConnectionChange,
});

/** In the alert region, and in the app's own voice too (with the screen reader as the voice, the region is it). */
export function sayConnectionChange(text: string, assertive: boolean): void {
  announce(text, { assertive });
  if (!readSpeakWithScreenReader()) void speechOutput.speak(text);
}

/**
 * The app started from the service worker may have no server behind it (offline, server down): it
 * then says so plainly, once, in the alert region and in the app's voice (and the shell shows it,
 * server-unreachable-banner),
 * and says so again when the server answers once more. Checked now, when the device goes online or
 * offline, and every 10 s while unreachable. Returns the stop.
 */
export function watchServerReachability(deps: ReachabilityDeps = appDeps()): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  const settle = (reachable: boolean) => {
    clearTimeout(retry);
    if (!reachable) retry = setTimeout(() => void check(), REACHABILITY_RETRY_MS);
    if (useServerReachable.getState().reachable === reachable) return;
    useServerReachable.setState({ reachable });
    deps.say(tr(reachable ? 'app.serverReachable' : 'app.serverUnreachable'), !reachable);
  };
  const check = async () => {
    const id = ++latest;
    const reachable = deps.online() && (await deps.probe());
    // a newer check (the network came or went meanwhile) has the last word
    if (id === latest) settle(reachable);
  };
  const onOnline = () => void check();
  const onOffline = () => {
    latest += 1;
    settle(false);
  };
  deps.events.addEventListener('online', onOnline);
  deps.events.addEventListener('offline', onOffline);
  void check();
  return () => {
    latest += 1;
    clearTimeout(retry);
    deps.events.removeEventListener('online', onOnline);
    deps.events.removeEventListener('offline', onOffline);
  };
}
