import type { EngineOutcome, SpeechEngine, SpeechEvent, SpeechPriority } from './types.ts';

/** One text the queue hands to the engines, and who waits for it to end. */
export interface Utterance {
  text: string;
  priority: SpeechPriority;
  resolve: () => void;
  engine: SpeechEngine | null;
}

/** Spec §9: the queue's processing guard: a text no engine has begun to say by then moves on. */
export const QUEUE_GUARD_MS = 10_000;

/** What the fallback needs of the queue that owns the utterance. */
export interface FallbackHost {
  /** False once the queue has moved on (interrupted, stopped): the fallback then stops quietly. */
  isCurrent(): boolean;
  /** The engine now trying the text (the queue answers `state()` and `engineName()` from it). */
  tries(engine: SpeechEngine): void;
  emit(event: SpeechEvent): void;
  now(): number;
}

/**
 * Says the utterance with the first engine of the chain that manages to: an engine that throws,
 * stalls, or whose cloud stream breaks before any sound hands the text to the next, with a console
 * warning, never a crash. The chain ends at the silent speaker, so the text always ends.
 */
export async function sayWithFallback(
  utterance: Utterance,
  chain: readonly SpeechEngine[],
  host: FallbackHost,
): Promise<void> {
  // once any engine has begun, the text has been started: a later engine does not announce it again
  let started = false;
  for (const engine of chain) {
    if (!host.isCurrent()) return;
    utterance.engine = engine;
    host.tries(engine);
    const onStart = () => {
      if (started || !host.isCurrent()) return;
      started = true;
      host.emit({
        type: 'speechStarted',
        text: utterance.text,
        priority: utterance.priority,
        at: host.now(),
        engine: engine.name,
      });
    };
    if (engine.name === 'silent') onStart();
    const speechError = (reason: string) =>
      host.emit({ type: 'speechError', text: utterance.text, reason, at: host.now(), engine: engine.name });
    let outcome: EngineOutcome | 'stalled';
    try {
      outcome = await speakWithinGuard(engine, utterance, onStart, () => started, host);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`speech engine ${engine.name} failed, falling back:`, reason);
      if (!host.isCurrent()) return;
      speechError(reason);
      continue;
    }
    if (!host.isCurrent()) return;
    if (outcome === 'stalled') {
      console.warn(`speech engine ${engine.name} did not start within ${QUEUE_GUARD_MS} ms, falling back`);
      speechError('stalled');
      continue;
    }
    if (outcome.kind === 'failed') {
      speechError(outcome.reason);
      // a cloud stream that broke before any sound: say it with the device instead
      if (engine.name === 'cloud' && !started) {
        console.warn(`cloud speech failed (${outcome.reason}), falling back`);
        continue;
      }
    } else if (outcome.kind === 'done') {
      host.emit({ type: 'speechEnded', text: utterance.text, at: host.now(), engine: engine.name });
    }
    return;
  }
}

/**
 * The engine's outcome, or 'stalled' (spec §9 queue-processing guard): an engine that has not begun
 * to speak within QUEUE_GUARD_MS never will (a voice still connecting included), so it is cancelled
 * and the next engine says the text. Rejects when the engine throws.
 */
async function speakWithinGuard(
  engine: SpeechEngine,
  utterance: Utterance,
  onStart: () => void,
  hasStarted: () => boolean,
  host: FallbackHost,
): Promise<EngineOutcome | 'stalled'> {
  let stalled = false;
  let guard: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<EngineOutcome>((resolve) => {
    guard = setTimeout(() => {
      if (hasStarted()) return;
      stalled = true;
      if (host.isCurrent()) engine.cancel();
      resolve({ kind: 'cancelled' });
    }, QUEUE_GUARD_MS);
  });
  try {
    const outcome = await Promise.race([
      engine.speak(utterance.text, { onStart, priority: utterance.priority }),
      givenUp,
    ]);
    return stalled ? 'stalled' : outcome;
  } finally {
    clearTimeout(guard);
  }
}
