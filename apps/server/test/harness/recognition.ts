import { RecognitionOptions } from '@sfm/protocol';
import { PCM_SAMPLE_RATE } from '../../src/engines/asr/audio-decode.ts';
import type { RecognitionSession, SpeechRecognizer } from '../../src/engines/asr/speech-recognizer.ts';

/**
 * Runs one realtime recognition with default options: `feed` sends the audio (and finishes). Resolves
 * with what came back, in order ('started', 'interim:…', 'final:…') once the task completes; rejects
 * with the task's error.
 */
export function recognize(
  recognizer: SpeechRecognizer,
  feed: (session: RecognitionSession) => void,
): Promise<string[]> {
  const seen: string[] = [];
  return new Promise((resolve, reject) => {
    const session = recognizer.start(RecognitionOptions.parse({}), {
      onStarted: () => seen.push('started'),
      onInterim: (t) => seen.push(`interim:${t}`),
      onFinal: (t) => seen.push(`final:${t}`),
      onCompleted: () => resolve(seen),
      onError: (m) => reject(new Error(m)),
      onNotice: (problem) => seen.push(`notice:${problem}`),
    });
    feed(session);
  });
}

export interface Heard {
  kind: 'interim' | 'final';
  text: string;
  /** performance.now() when it came. */
  at: number;
}

/** A realtime recognition that records its results with their time; `done` settles when the task ends. */
export function listen(recognizer: SpeechRecognizer) {
  const heard: Heard[] = [];
  let session: RecognitionSession | undefined;
  const done = new Promise<void>((resolve, reject) => {
    session = recognizer.start(RecognitionOptions.parse({}), {
      onStarted: () => {},
      onInterim: (text) => heard.push({ kind: 'interim', text, at: performance.now() }),
      onFinal: (text) => heard.push({ kind: 'final', text, at: performance.now() }),
      onCompleted: resolve,
      onError: (m) => reject(new Error(m)),
    });
  });
  if (!session) throw new Error('no session');
  const finals = () => heard.filter((h) => h.kind === 'final').map((h) => h.text);
  return { session, heard, finals, done };
}

/**
 * Sends `pcm` in pieces of `chunkMs` (the browser's 4096-sample frames by default), each once it
 * has "been recorded": at `speed` times real time, or all at once when speed is Infinity. Resolves
 * with the moment the audio began, so audio at x ms was being spoken at `start + x / speed`.
 */
export async function feed(
  session: RecognitionSession,
  pcm: Uint8Array,
  { chunkMs = 256, speed = Number.POSITIVE_INFINITY } = {},
): Promise<number> {
  const chunkBytes = Math.round((chunkMs / 1000) * PCM_SAMPLE_RATE) * 2;
  const start = performance.now();
  for (let at = 0, n = 1; at < pcm.length; at += chunkBytes, n++) {
    if (Number.isFinite(speed)) {
      const due = start + (n * chunkMs) / speed;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
    session.sendPcm(pcm.subarray(at, at + chunkBytes));
  }
  return start;
}
