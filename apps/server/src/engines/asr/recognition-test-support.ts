import { RecognitionOptions } from '@sfm/protocol';
import type { RecognitionSession, SpeechRecognizer } from './speech-recognizer.ts';

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
    });
    feed(session);
  });
}
