import { z } from 'zod';
import { base64Field } from './base64.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * The instant text channel's server fallback (issue 33): a device too slow to read the camera's
 * frames itself sends them here and gets the lines the server's OCR reads, as the device's own OCR
 * would answer them. Free (no points: the same OCR runs on the device when it can), rate-limited,
 * and only text comes back: the frame is neither stored nor described.
 */

/** A live frame is small (the channel sends at most 960 px, JPEG): 1 MB is far above it. */
export const MAX_TEXT_LINES_IMAGE_BYTES = 1024 * 1024;
const MAX_TEXT_LINES_BASE64_CHARS = Math.ceil((MAX_TEXT_LINES_IMAGE_BYTES * 4) / 3) + 4;

export const TextLinesRequest = z.strictObject(
  {
    image: base64Field('errors.image_invalid', {
      maxChars: MAX_TEXT_LINES_BASE64_CHARS,
      tooLarge: 'errors.image_too_large',
    }),
    /** 'prominent' reads the largest lines only (signs, labels); 'all' every line (a page). */
    extent: z.enum(['all', 'prominent']).default('prominent'),
  },
  { error: 'errors.unknown_field' },
);
export type TextLinesRequest = z.input<typeof TextLinesRequest>;

/** Where a line is in the frame, each side normalised to 0..1. */
const FrameBox = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const TextLinesResponse = z.object({
  /** In reading order; lines side by side share a `row`. */
  lines: z.array(
    z.object({
      text: z.string(),
      score: z.number(),
      frame: FrameBox,
      row: z.number().int(),
    }),
  ),
});
export type TextLinesResponse = z.infer<typeof TextLinesResponse>;

export const textLinesEndpoints = defineEndpoints({
  readTextLines: {
    method: 'POST',
    path: '/api/vision/text-lines',
    access: 'identity',
    body: TextLinesRequest,
    data: TextLinesResponse,
  },
});
