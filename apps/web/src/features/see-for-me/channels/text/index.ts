/**
 * Instant text (短文本): while the camera points at text, each new line is read as it comes into
 * view (instant-text.ts), read on the device by the OCR worker (../ocr/), or by the server's OCR on
 * a device measured too slow. A frame a second or faster (the registry entry's interval); frames
 * showing what the last one showed are skipped.
 */
import { CHANNEL_TEXT_NS } from '../../../../i18n/channel-text/index.ts';
import type { ChannelCue, LiveChannel } from '../live-channel.ts';
import { createOcrClient, type OcrClient } from '../ocr/ocr-client.ts';
import { InstantText } from './instant-text.ts';

/**
 * Frames at most this long a side: the detector looks at 640 px (the OCR's 'prominent' extent),
 * while the recogniser reads each line from these pixels, so smaller print stays legible.
 */
export const TEXT_FRAME_SIDE = 960;
/**
 * The detector looks at 480 px, not the 640 of the OCR's 'prominent' extent: on the text fixture
 * photos (at 960 px, as this channel sees them) it found 48 of the 58 must-read strings against 47,
 * and on one WebAssembly thread detection is most of a frame's time (at 480 px about half of 640's).
 */
export const TEXT_DETECTOR_SIDE = 480;

const unavailable: ChannelCue = { say: { key: `${CHANNEL_TEXT_NS}:unavailable` } };

export interface TextChannelDeps {
  ocr?: OcrClient;
  now?: () => number;
}

export function createTextChannel(deps: TextChannelDeps = {}): Promise<LiveChannel> {
  const ocr = deps.ocr ?? createOcrClient();
  const now = deps.now ?? (() => performance.now());
  const text = new InstantText();
  /** Said once until a frame is read again: a channel that cannot read does not say so every second. */
  let failed = false;

  return Promise.resolve({
    frameSide: TEXT_FRAME_SIDE,
    skipUnchanged: true,
    async look(frame, signal) {
      let lines;
      try {
        lines = await ocr.readLines(frame.pixels, signal, { detectorSide: TEXT_DETECTOR_SIDE });
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('instant text:', error instanceof Error ? error.message : error);
        if (failed) return [];
        failed = true;
        return [unavailable];
      }
      failed = false;
      return text.cues(lines, now());
    },
    dispose() {
      ocr.dispose();
    },
  });
}
