import { RecognitionOptions, SynthesisOptions } from '@sfm/protocol';
import { EmbeddedSynthesizer } from '../tts/embedded-synthesizer.ts';
import { decodeToPcm16k, PCM_SAMPLE_RATE, wavFromPcm } from './audio-decode.ts';
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

// ---- audio the tests make themselves ------------------------------------------------------------

/**
 * The tests' spoken language: every character is a syllable on a pitch of its own. The pitches are
 * multiples of 100 Hz, so a 20 ms frame holds whole cycles of each and the fake transcription
 * server tells them apart frame by frame (see hearTones).
 */
export const TONE_ALPHABET = '前面有什么左边是一扇门右楼梯请问这多少钱';
export const tonePitchHz = (index: number) => 400 + 100 * index;

const samplesOf = (ms: number) => Math.round((ms / 1000) * PCM_SAMPLE_RATE);

/** Silence (digital zero: add `room` noise for a real room). */
export function silence(ms: number): Int16Array {
  return new Int16Array(samplesOf(ms));
}

/** Deterministic white noise of the given RMS amplitude (a fan, a street). */
export function noise(ms: number, rms: number, seed = 1): Int16Array {
  let state = seed >>> 0 || 1;
  const uniform = () => {
    // xorshift32: the same noise on every run
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const out = new Int16Array(samplesOf(ms));
  // uniform in [-a, a] has RMS a / √3
  const a = rms * Math.sqrt(3);
  for (let i = 0; i < out.length; i++) out[i] = Math.round((uniform() * 2 - 1) * a);
  return out;
}

/** Noise whose loudness swings 4 times a second between quiet and loud, as voices in a café do. */
export function babble(ms: number, rms: number, seed = 7): Int16Array {
  const out = noise(ms, rms, seed);
  for (let i = 0; i < out.length; i++) {
    const swing = 0.6 + 0.4 * Math.sin((2 * Math.PI * 4 * i) / PCM_SAMPLE_RATE);
    out[i] = Math.round((out[i] ?? 0) * swing);
  }
  return out;
}

/** `text` (characters of TONE_ALPHABET) spoken: one syllable each, with short gaps as in speech. */
export function spoken(text: string, { syllableMs = 180, gapMs = 70, peak = 8000 } = {}): Int16Array {
  const syllable = samplesOf(syllableMs);
  const gap = samplesOf(gapMs);
  const ramp = samplesOf(10);
  const chars = [...text];
  const out = new Int16Array(chars.length * (syllable + gap));
  chars.forEach((char, n) => {
    const index = TONE_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`"${char}" is not in the tone alphabet`);
    const hz = tonePitchHz(index);
    for (let i = 0; i < syllable; i++) {
      // soft edges: no click at either end
      const envelope = Math.min(1, i / ramp, (syllable - 1 - i) / ramp);
      out[n * (syllable + gap) + i] = Math.round(
        peak * envelope * Math.sin((2 * Math.PI * hz * i) / PCM_SAMPLE_RATE),
      );
    }
  });
  return out;
}

/** The parts one after another, with `room` noise (RMS) under all of it, as 16-bit PCM bytes. */
export function scene(parts: Int16Array[], room = 30): Uint8Array {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const out = noise((length / PCM_SAMPLE_RATE) * 1000, room, 99);
  let at = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++)
      out[at + i] = Math.max(-32768, Math.min(32767, (out[at + i] ?? 0) + (part[i] ?? 0)));
    at += part.length;
  }
  return new Uint8Array(out.buffer);
}

/** Milliseconds of 16 kHz 16-bit PCM in `parts`. */
export const durationMs = (...parts: Int16Array[]) =>
  (parts.reduce((n, p) => n + p.length, 0) / PCM_SAMPLE_RATE) * 1000;

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
  const chunkBytes = samplesOf(chunkMs) * 2;
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

/** Real speech-like audio: `text` as the embedded espeak-ng voice says it (16 kHz samples). */
export async function espeakPcm(text: string): Promise<Int16Array> {
  const synthesizer = new EmbeddedSynthesizer({ workers: 1 });
  try {
    const mp3: Uint8Array[] = [];
    for await (const chunk of synthesizer.stream(
      text,
      SynthesisOptions.parse({}),
      new AbortController().signal,
    ))
      mp3.push(chunk);
    const pcm = Uint8Array.from(await decodeToPcm16k(Buffer.concat(mp3)));
    return new Int16Array(pcm.buffer, 0, pcm.length >> 1);
  } finally {
    await synthesizer.close();
  }
}

/** A mono 16-bit WAV of a tone (a stand-in recording). */
export function toneWav(seconds: number, rate = 16_000): Buffer {
  const samples = Math.round(seconds * rate);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  return wavFromPcm(pcm, rate);
}
