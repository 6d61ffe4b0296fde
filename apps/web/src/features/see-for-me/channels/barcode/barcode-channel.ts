import type { ChannelCue, LiveChannel, LiveFrame } from '../live-channel.ts';
import { CodeTracker } from './code-tracker.ts';
import type { FrameDecoder } from './frame-decoder.ts';
import { classifyCode } from './payload.ts';
import { ProductNames, type LookupProduct } from './product-names.ts';
import { readingCue, type OpenLink } from './spoken-reading.ts';

/**
 * The frame's longer side: a product code's bars at arm's length are still two pixels and more
 * (the decoder's own downscaling keeps large frames fast; bench/channels/barcode.ts measures it).
 */
export const BARCODE_FRAME_SIDE = 1280;
const TWO_DIMENSIONAL = new Set(['QRCode', 'DataMatrix']);
/** Codes read out of one frame at most (a shelf of products is read as the user moves along it). */
const MAX_READS_PER_FRAME = 2;
/**
 * How long a frame that read a product waits for its name before answering: the server's list
 * answers within it, so tone and name come together; a slower answer comes with a later frame.
 */
const NAME_WAIT_IN_FRAME_MS = 120;

export interface BarcodeChannelDeps {
  decoder: FrameDecoder;
  lookup: LookupProduct;
  open: OpenLink;
  now?: () => number;
}

/**
 * 条码: decodes every frame on the device; a rising tone as a code comes into view and its side
 * said when it is at an edge; then the code read: a product's number with its name from the product
 * list, a QR code's text, a link (read, opened only by 打开链接), a payment code named as one and
 * never opened, Wi-Fi, a contact, a phone number, a message, an e-mail.
 */
export class BarcodeChannel implements LiveChannel {
  readonly frameSide = BARCODE_FRAME_SIDE;
  private readonly tracker = new CodeTracker();
  private readonly names: ProductNames;
  private readonly now: () => number;

  constructor(private readonly deps: BarcodeChannelDeps) {
    this.names = new ProductNames(deps.lookup);
    this.now = deps.now ?? (() => performance.now());
  }

  /** An unchanged view is skipped, except while a product's name is on its way: it is said on the next frame. */
  get skipUnchanged(): boolean {
    return !this.names.waiting;
  }

  async look(frame: LiveFrame, signal: AbortSignal): Promise<ChannelCue[]> {
    const found = await this.deps.decoder.decode(frame.pixels, signal);
    const now = this.now();
    const step = this.tracker.next(found, now);
    const cues: ChannelCue[] = [];
    if (step.tone) cues.push({ tone: step.tone });
    if (step.edge) cues.push({ say: { key: `channel-barcode:edge.${step.edge}` } });
    const reads = step.fresh.slice(0, MAX_READS_PER_FRAME).map((code) => {
      const reading = classifyCode(code.format, code.text);
      return reading.kind === 'product'
        ? this.names.read(reading, now)
        : readingCue(reading, TWO_DIMENSIONAL.has(code.format), this.deps.open);
    });
    if (reads.includes(null)) await this.names.settle(NAME_WAIT_IN_FRAME_MS);
    const said = [...reads.filter((cue) => cue !== null), ...this.names.due(this.now())];
    // a new code in view stops what was being read of the last one
    if (step.fresh.length) cues.push(said.length ? { ...said[0], interrupt: true } : { hush: true });
    cues.push(...said.slice(step.fresh.length && said.length ? 1 : 0));
    return cues;
  }

  dispose(): void {
    this.names.dispose();
    this.deps.decoder.dispose();
  }
}
