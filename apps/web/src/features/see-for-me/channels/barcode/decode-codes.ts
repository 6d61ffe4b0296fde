import type { ReaderOptions, ReadResult } from 'zxing-wasm/reader';
import type { Pixels } from '../frame-print.ts';
import { findCodeRegions, type Box } from './code-finder.ts';
import { CODE_FORMATS, type CodeFormat } from './payload.ts';

/** zxing-wasm's reader, however it was loaded (the page's build serves its .wasm; tests read the file). */
export type ReadBarcodes = (image: ImageData, options: ReaderOptions) => Promise<ReadResult[]>;

/** A code the decoder read (valid) or found without reading it (a damaged or blurred one). */
export interface FoundCode {
  format: CodeFormat;
  text: string;
  valid: boolean;
  box: Box;
}

/** What one frame shows: the codes read or found, and the code-like regions the finder saw (none looked for when a code was read). */
export interface FrameCodes {
  codes: FoundCode[];
  regions: Box[];
}

/**
 * The reader's settings for a hand-held camera: the channel's formats only (each format more is
 * time and false reads), the thorough search (codes at any angle, small or blurred), inverted codes
 * (light on dark), and the codes it found but could not read, which still say "a code is there".
 */
export const READER_OPTIONS: ReaderOptions = {
  formats: [...CODE_FORMATS],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  returnErrors: true,
  maxNumberOfSymbols: 4,
};

const FORMATS = new Set<string>(CODE_FORMATS);

function boxOf(result: ReadResult, width: number, height: number): Box {
  const corners = Object.values(result.position);
  const xs = corners.map((p) => p.x / width);
  const ys = corners.map((p) => p.y / height);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    left: clamp(Math.min(...xs)),
    top: clamp(Math.min(...ys)),
    right: clamp(Math.max(...xs)),
    bottom: clamp(Math.max(...ys)),
  };
}

/**
 * One frame: decoded by zxing, then, only when it read nothing, searched for code-like regions by
 * the finder (a frame with a code read needs no approach cues, and its words come sooner without).
 */
export async function decodeFrame(image: Pixels, read: ReadBarcodes): Promise<FrameCodes> {
  // zxing reads any { data, width, height }; the DOM's ImageData type also wants a colour space
  const results = await read(image as ImageData, READER_OPTIONS);
  const codes = results
    .filter((r) => FORMATS.has(r.format) && (r.isValid ? r.text !== '' : true))
    .map((r) => ({
      format: r.format as CodeFormat,
      text: r.isValid ? r.text : '',
      valid: r.isValid,
      box: boxOf(r, image.width, image.height),
    }));
  return { codes, regions: codes.some((c) => c.valid) ? [] : findCodeRegions(image) };
}
