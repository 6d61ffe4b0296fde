/** A local stand-in for OpenAI's POST /v1/audio/transcriptions (multipart in, `{text}` out). Test-only. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { TONE_ALPHABET, tonePitchHz } from '../fixtures/speech-audio.ts';
import { FRAME_BYTES, frameLevelDb } from '../../src/engines/asr/voice-activity.ts';

export interface TranscriptionCall {
  authorization: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer };
}

/** What Whisper says on a window with no speech in it: the credits of the videos it learned from. */
export const HALLUCINATION = '字幕由Amara.org社区提供';

/** OpenAI's POST /v1/audio/transcriptions: multipart in, `{text}` out, after `latencyMs` (a model's work). */
export async function startFakeWhisper(
  answer: (call: TranscriptionCall) => string,
  { latencyMs = 0 }: { latencyMs?: number } = {},
) {
  const calls: TranscriptionCall[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
      const fields: Record<string, string> = {};
      let file: TranscriptionCall['file'] | undefined;
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
      if (!file) {
        res.writeHead(400).end('{"error":"no file"}');
        return;
      }
      const call = { authorization: req.headers.authorization, fields, file };
      calls.push(call);
      if (latencyMs) await sleep(latencyMs);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: answer(call) }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 16-bit PCM of a WAV file the recognizer sent, in 20 ms frames. */
export function wavFrames(wav: Buffer): Buffer[] {
  const data = wav.indexOf('data') + 8;
  const frames: Buffer[] = [];
  for (let at = data; at + FRAME_BYTES <= wav.length; at += FRAME_BYTES)
    frames.push(wav.subarray(at, at + FRAME_BYTES));
  return frames;
}

/** Louder than this is speech to the fakes (the tests' rooms are far quieter). */
const SPEECH_DB = -40;

/**
 * Whisper for any speech: `text` when some frame of the window is speech-loud, HALLUCINATION when
 * none is (a real model on silence or a hum).
 */
export const answerWhenLoud =
  (text: string) =>
  ({ file }: TranscriptionCall): string =>
    wavFrames(file.bytes).some((f) => frameLevelDb(f) > SPEECH_DB) ? text : HALLUCINATION;

/** Share of a frame's energy on `hz` (1 for a pure tone of that pitch), by the Goertzel algorithm. */
function pitchShare(frame: Buffer, hz: number): number {
  const n = frame.length / 2;
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / 16_000);
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (let i = 0; i < n; i++) {
    const x = frame.readInt16LE(i * 2);
    energy += x * x;
    const s = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return energy ? (2 * power) / (n * energy) : 0;
}

/** Frames of one syllable it takes to hear it: a syllable cut short at the window's edge may go unheard. */
const FRAMES_TO_HEAR = 4;

/**
 * Whisper for the tests' tone language (`spoken` in fixtures/speech-audio.ts): the characters whose
 * syllables the window holds, in order; HALLUCINATION for a window without any (noise, silence).
 */
export function hearTones({ file }: TranscriptionCall): string {
  const perFrame = wavFrames(file.bytes).map((frame) => {
    if (frameLevelDb(frame) < SPEECH_DB) return null;
    const shares = [...TONE_ALPHABET].map((_, i) => pitchShare(frame, tonePitchHz(i)));
    const best = shares.indexOf(Math.max(...shares));
    return (shares[best] ?? 0) > 0.5 ? best : null;
  });
  let text = '';
  let run = 0;
  perFrame.forEach((index, i) => {
    run = index !== null && index === perFrame[i - 1] ? run + 1 : 1;
    if (index !== null && run === FRAMES_TO_HEAR) text += TONE_ALPHABET.charAt(index);
  });
  return text || HALLUCINATION;
}
