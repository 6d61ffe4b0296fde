/**
 * Voice activity from the energy of 16 kHz 16-bit PCM, frame by frame (20 ms), against a noise floor
 * that follows the room: real rooms are never silent, and a fixed threshold either hears the fan as
 * speech or misses a quiet speaker.
 */
import { PCM_SAMPLE_RATE } from './audio-decode.ts';

export const FRAME_MS = 20;
export const FRAME_BYTES = (PCM_SAMPLE_RATE / 1000) * FRAME_MS * 2;

/** A frame this far above the noise floor is loud. */
const MARGIN_DB = 10;
/** …and never when quieter than this: hiss after noise suppression is not speech. */
const MIN_SPEECH_DB = -50;
/** The floor never sinks below this, so a digitally silent start does not make every sound speech. */
const MIN_FLOOR_DB = -70;
/** The floor falls fast (a pause between syllables is the room) and rises slowly (speech is not). */
const FALL_SECONDS = 0.1;
const RISE_SECONDS = 3;
/** Loud frames in a row that make speech: a click or a knock is shorter. */
const MIN_RUN_FRAMES = 3;

const FALL = 1 - Math.exp(-FRAME_MS / 1000 / FALL_SECONDS);
const RISE = 1 - Math.exp(-FRAME_MS / 1000 / RISE_SECONDS);

/** Mean power of one frame of 16-bit little-endian PCM, in dB relative to full scale. */
export function frameLevelDb(frame: Uint8Array): number {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const samples = Math.floor(frame.byteLength / 2);
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const s = view.getInt16(i * 2, true) / 32768;
    sum += s * s;
  }
  return 10 * Math.log10(sum / Math.max(1, samples) + 1e-10);
}

/** Classifies consecutive 20 ms frames of one stream. */
export class VoiceActivityDetector {
  private run = 0;

  /** `initialFloorDb`: the room's level when known beforehand; otherwise the first frame's. */
  constructor(private floorDb?: number) {}

  /**
   * How many frames became speech with this one: 0 (not speech), MIN_RUN_FRAMES (a run of loud
   * frames just got long enough: this one and the ones before it) or 1 (the run goes on).
   */
  frame(frame: Uint8Array): number {
    const level = frameLevelDb(frame);
    const floor = this.floorDb ?? Math.max(level, MIN_FLOOR_DB);
    const loud = level > Math.max(floor + MARGIN_DB, MIN_SPEECH_DB);
    this.floorDb = Math.max(MIN_FLOOR_DB, floor + (level - floor) * (level < floor ? FALL : RISE));
    this.run = loud ? this.run + 1 : 0;
    if (this.run < MIN_RUN_FRAMES) return 0;
    return this.run === MIN_RUN_FRAMES ? MIN_RUN_FRAMES : 1;
  }
}

/** Cuts PCM arriving in pieces of any size into whole 20 ms frames. */
export class PcmFramer {
  private rest = new Uint8Array(0);

  push(pcm: Uint8Array, onFrame: (frame: Uint8Array) => void): void {
    const bytes = this.rest.length ? Buffer.concat([this.rest, pcm]) : pcm;
    let at = 0;
    for (; at + FRAME_BYTES <= bytes.length; at += FRAME_BYTES) onFrame(bytes.subarray(at, at + FRAME_BYTES));
    // a copy: the caller may reuse its buffer
    this.rest = Uint8Array.from(bytes.subarray(at));
  }
}

/** Kept before the first and after the last voiced frame: onsets and word ends are not clipped. */
export const SPEECH_MARGIN_MS = 300;
/**
 * A recording's floor is at most this: one that is speech from end to end (press, speak, release)
 * has no quiet part to learn the room from.
 */
const MAX_RECORDING_FLOOR_DB = -45;

/**
 * A whole recording without its leading and trailing silence (SPEECH_MARGIN_MS kept on each side);
 * null when nothing in it is speech.
 */
export function trimSilence(pcm: Uint8Array): Uint8Array | null {
  const frames: Uint8Array[] = [];
  for (let at = 0; at + FRAME_BYTES <= pcm.length; at += FRAME_BYTES)
    frames.push(pcm.subarray(at, at + FRAME_BYTES));
  // the quietest tenth of the recording is the room
  const levels = frames.map(frameLevelDb).sort((a, b) => a - b);
  const room = levels[Math.floor(levels.length / 10)] ?? MIN_FLOOR_DB;
  const vad = new VoiceActivityDetector(Math.min(room, MAX_RECORDING_FLOOR_DB));
  let first = -1;
  let last = -1;
  frames.forEach((frame, i) => {
    const became = vad.frame(frame);
    if (became === 0) return;
    if (first < 0) first = i + 1 - became;
    last = i;
  });
  if (first < 0) return null;
  const margin = (SPEECH_MARGIN_MS / FRAME_MS) * FRAME_BYTES;
  return pcm.subarray(
    Math.max(0, first * FRAME_BYTES - margin),
    Math.min(pcm.length, (last + 1) * FRAME_BYTES + margin),
  );
}
