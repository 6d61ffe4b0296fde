/**
 * The live text channel's server fallback (POST /api/vision/text-lines): a frame's text lines read
 * by the server's OCR. Nothing is stored or charged: the frame is checked from its header, decoded
 * at the channel's size, read, and dropped.
 */
import type { TextLinesRequest, TextLinesResponse } from '@sfm/protocol';
import type { TextLinesReader } from '../../engines/vision/text-lines.ts';
import { inspectUploadedImage } from '../../storage/uploaded-image.ts';

/** A live frame is at most this long a side (the channel sends smaller); a larger one is scaled down. */
const FRAME_SIDE = 960;
/** Only used when the frame must be re-encoded, which reading it never needs. */
const FRAME_QUALITY = 0.8;

export class TextLinesService {
  constructor(private readonly reader: TextLinesReader) {}

  async read(request: TextLinesRequest, signal: AbortSignal): Promise<TextLinesResponse> {
    const decode = await inspectUploadedImage(request.image, { maxSide: FRAME_SIDE, quality: FRAME_QUALITY });
    signal.throwIfAborted();
    const pixels = await (await decode()).pixels();
    const lines = await this.reader.read(pixels, request.extent ?? 'prominent', signal);
    return { lines };
  }
}
