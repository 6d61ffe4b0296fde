/**
 * One espeak-ng instance in a worker thread: renders one clause at a time into MP3 and posts each
 * encoded piece as soon as it exists. Runs in a worker so a long text never blocks the event loop.
 * The pool aborts a running clause by writing its seq into the shared `cancel` cell; the audio
 * callback checks it every block (≈ 100 ms of audio), so a stop takes effect within a millisecond.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import createEspeak from '@echogarden/espeak-ng-emscripten';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { EspeakWorkerData, FromWorker, ToWorker } from './espeak-messages.ts';

export const VOICE = 'cmn';
export const SAMPLE_RATE = 22050;

const port = parentPort;
if (!port) throw new Error('espeak-worker must run in a worker thread');
const { cancel: cancelBuffer, kbps } = workerData as EspeakWorkerData;
const cancel = new Int32Array(cancelBuffer);

/**
 * lamejs hard-codes LAME quality 3, which costs ≈ 4 % of real time on one core; quality 7 halves
 * that with no audible loss on espeak's voice. The constant is patched in the module's source; a
 * build without that exact text keeps its default.
 */
async function loadFastMp3Encoder(): Promise<typeof Mp3Encoder> {
  try {
    const source = await readFile(fileURLToPath(import.meta.resolve('@breezystack/lamejs')), 'utf8');
    const fast = source.replace('R.quality = 3,', 'R.quality = 7,');
    if (fast === source) return Mp3Encoder;
    const url = `data:text/javascript;base64,${Buffer.from(fast).toString('base64')}`;
    return ((await import(url)) as { Mp3Encoder: typeof Mp3Encoder }).Mp3Encoder;
  } catch {
    return Mp3Encoder;
  }
}

const Encoder = await loadFastMp3Encoder();
const espeak = new (await createEspeak()).eSpeakNGWorker();
if (espeak.set_voice(VOICE) !== 0) throw new Error(`espeak-ng has no voice ${VOICE}`);
if (espeak.samplerate !== SAMPLE_RATE) throw new Error(`espeak-ng renders at ${espeak.samplerate} Hz`);

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Building an encoder takes a few ms: the next clause's is made while the worker is idle. */
let spareEncoder: Mp3Encoder | undefined;
const takeEncoder = () => {
  const encoder = spareEncoder ?? new Encoder(1, SAMPLE_RATE, kbps);
  spareEncoder = undefined;
  return encoder;
};

/** After a clause's first piece (sent at once), pieces are sent in batches of about 0.5 s of audio. */
const BATCH_BYTES = 3072;

function synthesize(seq: number, text: string): number {
  // each clause is a self-contained MP3 segment: any worker may render the next clause of a text
  const encoder = takeEncoder();
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
  const add = (bytes: Int8Array) => {
    if (bytes.length === 0) return;
    // lamejs reuses its output buffer: copy before keeping
    batch.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice());
    batchBytes += bytes.length;
    if (!sentAny || batchBytes >= BATCH_BYTES) send();
  };
  espeak.synthesize(text, (block) => {
    if (Atomics.load(cancel, 0) === seq) return true;
    // the block may be a view into wasm memory, which the next call overwrites
    const pcm = Int16Array.from(block);
    samples += pcm.length;
    add(encoder.encodeBuffer(pcm) as unknown as Int8Array);
    return Atomics.load(cancel, 0) === seq;
  });
  if (Atomics.load(cancel, 0) !== seq) {
    add(encoder.flush() as unknown as Int8Array);
    send();
  }
  return samples;
}

// espeak (wasm2js) and lamejs are plain JS and slow until V8 has optimised them: render a few
// sentences before taking work
for (let i = 0; i < 4; i++) synthesize(-1, '你好，今天天气很好，我们出去走走。');
spareEncoder = new Encoder(1, SAMPLE_RATE, kbps);

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
  spareEncoder ??= new Encoder(1, SAMPLE_RATE, kbps);
});
post({ type: 'ready' });
