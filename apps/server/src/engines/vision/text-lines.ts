/**
 * The server's OCR for the live text channel's fallback (a device too slow to read its camera's
 * frames itself): the lines of a frame in reading order, exactly as the device's OCR worker answers
 * them (both run @sfm/ocr). It reads with the embedded engine's models whatever engine describes
 * photos, so the fallback works with no cloud key and costs nothing but this server's CPU.
 */
import { readingLines, type ReadingLine, type RgbImage } from '@sfm/ocr';
import { embeddedVisionConcurrency } from './concurrency-limit.ts';
import { sharedTextReader } from './embedded/ocr/node-ocr-runtime.ts';
import { turnsOf } from './turns.ts';

export type TextExtent = 'all' | 'prominent';

export interface TextLinesReader {
  read(image: RgbImage, extent: TextExtent, signal?: AbortSignal): Promise<ReadingLine[]>;
}

/**
 * The reader behind a queue as long as the embedded engine's: one reading keeps the cores busy, so
 * frames wait their turn rather than all finishing late together. A frame whose caller left while
 * it waited is never read.
 */
export function createTextLinesReader(): TextLinesReader {
  const turn = turnsOf(embeddedVisionConcurrency());
  return {
    read: (image, extent, signal) =>
      turn(async () => {
        const reader = await sharedTextReader();
        return readingLines(await reader.read(image, { extent, ...(signal && { signal }) }));
      }, signal),
  };
}
