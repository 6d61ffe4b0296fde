/**
 * Recordings to 16 kHz mono 16-bit PCM, the format both recognizers take. WAV (PCM or float) is
 * read in JS; other containers (webm/opus, mp4/aac, mpeg, ogg) go through the system `ffmpeg` when
 * it is installed. Anything else is an AudioDecodeError, answered as the protocol's DECODE_ERROR.
 */
import { spawn, spawnSync } from 'node:child_process';

export const PCM_SAMPLE_RATE = 16_000;

/**
 * The longest recording decoded: a spoken question or command, with room to spare. A few hundred
 * KB of compressed silence can decode to minutes of PCM (a 656 KB FLAC was 115 MB), so decoding
 * stops here whatever the upload's size: at most 7.7 MB of PCM per request.
 */
export const MAX_DECODED_SECONDS = 240;
const MAX_PCM_BYTES = MAX_DECODED_SECONDS * PCM_SAMPLE_RATE * 2;

/**
 * The containers a phone or a browser records into (ffmpeg's demuxer names): anything else, and
 * every protocol but the pipe, is refused before ffmpeg parses it, so an upload cannot reach
 * ffmpeg's rarer demuxers or make it open a file or a URL (an HLS or concat playlist).
 */
const RECORDING_FORMATS = ['matroska', 'webm', 'ogg', 'mov', 'mp4', 'm4a', '3gp', 'mp3', 'aac', 'wav'];

export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';
}

let ffmpegChecked: boolean | undefined;
/** Whether `ffmpeg` runs on this machine (checked once). */
function ffmpegAvailable(): boolean {
  ffmpegChecked ??= spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return ffmpegChecked;
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0) === 'RIFF' && ascii(bytes, 8) === 'WAVE';
}

/** Mono samples in [-1, 1] and their rate, from a RIFF/WAVE file. */
function readWav(bytes: Uint8Array): { samples: Float32Array; rate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format = 0;
  let channels = 0;
  let rate = 0;
  let bits = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      format = view.getUint16(body, true);
      channels = view.getUint16(body + 2, true);
      rate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID
      if (format === 0xfffe && size >= 26 && body + 26 <= bytes.length)
        format = view.getUint16(body + 24, true);
    } else if (id === 'data') {
      if (!channels || !rate) throw new AudioDecodeError('WAV data before its format');
      const end = Math.min(bytes.length, body + size);
      return { samples: wavSamples(view, body, end, format, bits, channels, rate), rate };
    }
    offset = body + size + (size % 2);
  }
  throw new AudioDecodeError('WAV without audio data');
}

function wavSamples(
  view: DataView,
  start: number,
  end: number,
  format: number,
  bits: number,
  channels: number,
  rate: number,
) {
  const width = bits / 8;
  const read = (() => {
    if (format === 1 && bits === 16) return (at: number) => view.getInt16(at, true) / 32768;
    if (format === 1 && bits === 8) return (at: number) => (view.getUint8(at) - 128) / 128;
    if (format === 1 && bits === 24)
      return (at: number) =>
        ((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) / 2 ** 31;
    if (format === 1 && bits === 32) return (at: number) => view.getInt32(at, true) / 2 ** 31;
    if (format === 3 && bits === 32) return (at: number) => view.getFloat32(at, true);
    throw new AudioDecodeError(`unsupported WAV encoding (format ${format}, ${bits} bit)`);
  })();
  const frames = Math.min(Math.floor((end - start) / (width * channels)), MAX_DECODED_SECONDS * rate);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += read(start + (i * channels + c) * width);
    out[i] = sum / channels;
  }
  return out;
}

/** Linear-interpolation resampling to 16 kHz and conversion to 16-bit little-endian bytes. */
function toPcm16k(samples: Float32Array, rate: number): Uint8Array {
  const ratio = rate / PCM_SAMPLE_RATE;
  const length = Math.floor(samples.length / ratio);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const x = i * ratio;
    const j = Math.floor(x);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    const v = a + (b - a) * (x - j);
    out[i] = Math.max(-32768, Math.min(32767, Math.round(v * 32768)));
  }
  return new Uint8Array(out.buffer);
}

function ffmpegToPcm(bytes: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-protocol_whitelist',
        'pipe',
        '-format_whitelist',
        RECORDING_FORMATS.join(','),
        '-i',
        'pipe:0',
        '-t',
        String(MAX_DECODED_SECONDS),
        '-f',
        's16le',
        '-ac',
        '1',
        '-ar',
        String(PCM_SAMPLE_RATE),
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'ignore'], signal },
    );
    const chunks: Buffer[] = [];
    let received = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      // `-t` bounds the output already; counting too keeps the bound if ffmpeg misjudges a stream
      received += chunk.length;
      if (received <= MAX_PCM_BYTES) chunks.push(chunk);
      else child.kill('SIGKILL');
    });
    child.stdin.on('error', () => {}); // ffmpeg may stop reading early on garbage
    child.on('error', (err) => reject(new AudioDecodeError(err.message)));
    child.on('close', (code) => {
      const pcm = Buffer.concat(chunks);
      const whole = code === 0 || received > MAX_PCM_BYTES;
      if (whole && pcm.length > 0) resolve(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.length));
      else reject(new AudioDecodeError('ffmpeg could not decode the audio'));
    });
    child.stdin.end(bytes);
  });
}

/** A recording to 16 kHz mono PCM; AudioDecodeError when it cannot be read. */
export async function decodeToPcm16k(bytes: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
  if (isWav(bytes)) {
    const { samples, rate } = readWav(bytes);
    if (samples.length === 0) throw new AudioDecodeError('empty WAV');
    return toPcm16k(samples, rate);
  }
  if (!ffmpegAvailable()) throw new AudioDecodeError('only WAV can be read without ffmpeg');
  return ffmpegToPcm(bytes, signal);
}

/** Mono 16-bit PCM wrapped as a WAV file (16 kHz unless told otherwise). */
export function wavFromPcm(pcm: Uint8Array, sampleRate = PCM_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
