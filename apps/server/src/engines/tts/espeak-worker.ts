/**
 * One espeak-ng instance in a worker thread: renders one clause at a time into MP3 and posts each
 * encoded piece as soon as it exists. Runs in a worker so a long text never blocks the event loop.
 * The pool aborts a running clause by writing its seq into the shared `cancel` cell; the audio
 * callback checks it every block (≈ 100 ms of audio), so a stop takes effect within a millisecond.
 *
 * MP3 comes from LAME compiled to WebAssembly (wasm-media-encoders): encoding is most of the work
 * (espeak itself is ≈ 0.3 % of real time), and the wasm build is 2–3× faster than lamejs, the pure
 * JavaScript port, even with lamejs set to its fastest quality.
 */
import createEspeak from '@echogarden/espeak-ng-emscripten';
import { parentPort, workerData } from 'node:worker_threads';
import { createMp3Encoder } from 'wasm-media-encoders';
import type { EspeakWorkerData, FromWorker, ToWorker } from './espeak-messages.ts';

const VOICE = 'cmn';
const SAMPLE_RATE = 22050;
/** Constant bit rate: the player's buffer maths (seconds per byte) stay simple. */
const KBPS = 48;

const port = parentPort;
if (!port) throw new Error('espeak-worker must run in a worker thread');
const { cancel: cancelBuffer } = workerData as EspeakWorkerData;
const cancel = new Int32Array(cancelBuffer);

const encoder = await createMp3Encoder();
const espeak = new (await createEspeak()).eSpeakNGWorker();
if (espeak.set_voice(VOICE) !== 0) throw new Error(`espeak-ng has no voice ${VOICE}`);
if (espeak.samplerate !== SAMPLE_RATE) throw new Error(`espeak-ng renders at ${espeak.samplerate} Hz`);

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** LAME takes float samples in [-1, 1). */
function toFloat(block: Int16Array): Float32Array {
  const out = new Float32Array(block.length);
  for (let i = 0; i < block.length; i++) out[i] = (block[i] ?? 0) / 32768;
  return out;
}

/** After a clause's first piece (sent at once), pieces are sent in batches of about 0.5 s of audio. */
const BATCH_BYTES = 3072;

function synthesize(seq: number, text: string): number {
  // each clause is a self-contained MP3 segment: any worker may render the next clause of a text
  encoder.configure({ sampleRate: SAMPLE_RATE, channels: 1, bitrate: KBPS });
  let samples = 0;
  let sentAny = false;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  const send = () => {
    if (batchBytes === 0 || seq < 0) return;
    const bytes = Buffer.concat(batch, batchBytes);
    const copy = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice();
    post({ type: 'chunk', seq, bytes: copy }, [copy.buffer]);
    batch = [];
    batchBytes = 0;
    sentAny = true;
  };
  const add = (bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    // the encoder's output is a view into wasm memory that the next call overwrites: copy it
    batch.push(bytes.slice());
    batchBytes += bytes.length;
    if (!sentAny || batchBytes >= BATCH_BYTES) send();
  };
  espeak.synthesize(text, (block) => {
    if (Atomics.load(cancel, 0) === seq) return true;
    samples += block.length;
    add(encoder.encode([toFloat(block)]));
    return Atomics.load(cancel, 0) === seq;
  });
  if (Atomics.load(cancel, 0) !== seq) {
    add(encoder.finalize());
    send();
  }
  return samples;
}

// espeak is plain JavaScript (emscripten) and slow until V8 has optimised it: render a few
// sentences before taking work
for (let i = 0; i < 4; i++) synthesize(-1, '你好，今天天气很好，我们出去走走。');

port.on('message', (message: ToWorker) => {
  const { seq, text, voice } = message;
  try {
    espeak.rate = voice.rate;
    espeak.pitch = voice.pitch;
    espeak.volume = voice.volume;
    const samples = synthesize(seq, text);
    post({ type: 'done', seq, samples });
  } catch (err) {
    post({ type: 'error', seq, message: err instanceof Error ? err.message : String(err) });
  }
});
post({ type: 'ready' });
