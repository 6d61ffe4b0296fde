import { AnalysisError, isAbortError } from '../../analysis-client.ts';
import type { ChannelCue, LiveChannel } from '../live-channel.ts';
import type { Pixels } from '../frame-print.ts';
import type { CloudReader } from './cloud-reading.ts';
import { judgeFrame, type FrameVerdict, type ReadLine } from './frame-verdict.ts';
import { SteadyReading, type Announcement } from './steady-reading.ts';

/** The channel's words: `channel-banknote:<key>` (i18n/channel-banknote). */
const NS = 'channel-banknote';

/**
 * Frames at most this long a side: the OCR's detector looks at 640 px, its recogniser reads each
 * line from these pixels, so the small corner numeral and 壹佰圆 of a note held at arm's length
 * stay legible.
 */
export const BANKNOTE_FRAME_SIDE = 960;

/**
 * What the channel needs of the OCR (../ocr/ocr-client.ts): the lines of a frame, read (where it
 * reads them, the device or the server while the device's models load or on a device measured too
 * slow, is its own choice).
 */
export interface NoteTextReader {
  /**
   * 'prominent' (the default) reads the largest lines, found at the detector's smaller size;
   * 'all' every line at its full size, about three times as long.
   */
  readLines(
    pixels: Pixels,
    signal: AbortSignal,
    options?: { extent?: 'all' | 'prominent' },
  ): Promise<ReadLine[]>;
  dispose(): void;
}

export interface BanknoteChannelDeps {
  reader: NoteTextReader;
  /** Absent: other currencies are not asked about (no cloud model to ask). */
  cloud?: CloudReader;
  now?: () => number;
}

/** "这是多少钱", "多少面额", "几块的", "which note is this": answered as a tap is. */
const VALUE_QUESTION = /多少|面额|面值|几块|几元|钱|纸币|value|how much|which note|banknote/i;

const UNAVAILABLE: ChannelCue = { say: { key: `${NS}:unavailable` } };

const valueCue = (value: number): ChannelCue => ({
  say: { key: `${NS}:value`, params: { value: String(value) } },
  interrupt: true,
});

function cueOf(said: Announcement | null): ChannelCue {
  if (!said) return { say: { key: `${NS}:noNote` }, interrupt: true };
  if (said.kind === 'value') return valueCue(said.value);
  return { say: { key: `${NS}:doubt.${said.why}` }, interrupt: true };
}

/**
 * The banknote channel (纸币): names a yuan note held up to the camera from the numerals the OCR
 * reads on it and its colour (frame-verdict.ts), once two frames agree (steady-reading.ts), and says
 * 不确定 with advice instead of guessing. A tap says what the note is now; where the device is not
 * sure and the server has a cloud model, the tap asks it, which also knows other currencies.
 */
export function banknoteChannel({
  reader,
  cloud,
  now = () => performance.now(),
}: BanknoteChannelDeps): LiveChannel {
  const steady = new SteadyReading();
  /** Said once until a frame is read again: a channel that cannot read does not say so every frame. */
  let failed = false;

  /**
   * The frame's verdict, or null when the OCR could not read it. The large lines are read first;
   * a frame that shows a note (its colour, its bank's words) but no numeral among them is read
   * again in full, where a lone "1" on a note held far or on its side is found.
   */
  async function verdictOf(pixels: Pixels, signal: AbortSignal): Promise<FrameVerdict | null> {
    try {
      let verdict = judgeFrame(await reader.readLines(pixels, signal), pixels);
      if (verdict.kind === 'uncertain' && verdict.why === 'noNumeral') {
        verdict = judgeFrame(await reader.readLines(pixels, signal, { extent: 'all' }), pixels);
      }
      failed = false;
      return verdict;
    } catch (error) {
      if (signal.aborted) throw error;
      console.warn('banknote:', error instanceof Error ? error.message : error);
      return null;
    }
  }

  /** A frame the OCR could not read: said on the first such frame, and on every tap. */
  const unavailable = (asked: boolean): ChannelCue[] => {
    if (failed && !asked) return [];
    failed = true;
    return [UNAVAILABLE];
  };

  /** The cloud model's answer, or null when there is none to ask. */
  async function askCloud(pixels: Pixels, signal: AbortSignal): Promise<ChannelCue | null> {
    if (!cloud || !(await cloud.available())) return null;
    try {
      const text = await cloud.read(pixels, signal);
      return { say: { key: `${NS}:cloudSays`, params: { text } }, interrupt: true };
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      if (error instanceof AnalysisError) return { say: { key: error.messageKey }, interrupt: true };
      throw error;
    }
  }

  async function readNow(pixels: Pixels, signal: AbortSignal): Promise<ChannelCue[]> {
    const verdict = await verdictOf(pixels, signal);
    const said = verdict && steady.tapped(verdict, now());
    if (said?.kind === 'value') return [valueCue(said.value)];
    const cloudCue = await askCloud(pixels, signal);
    if (cloudCue) return [cloudCue];
    return verdict ? [cueOf(said)] : unavailable(true);
  }

  return {
    frameSide: BANKNOTE_FRAME_SIDE,
    // a value needs two frames that agree, and a note held still gives the same view twice
    skipUnchanged: false,
    async look(frame, signal) {
      const verdict = await verdictOf(frame.pixels, signal);
      if (!verdict) return unavailable(false);
      const said = steady.next(verdict, now());
      return said ? [cueOf(said)] : [];
    },
    tap(frame, signal) {
      return readNow(frame.pixels, signal);
    },
    async ask(question, frame, signal) {
      return VALUE_QUESTION.test(question) ? readNow(frame.pixels, signal) : null;
    },
    dispose() {
      reader.dispose();
    },
  };
}
