import { CHANNEL_BARCODE_NS } from '../../../../i18n/channel-barcode/index.ts';
import type { LiveChannel } from '../live-channel.ts';
import { BarcodeChannel } from './barcode-channel.ts';
import { createFrameDecoder } from './frame-decoder.ts';
import { lookupProduct } from './product-lookup.ts';

// the channel's words load with it (the cues name them as `channel-barcode:…`)
void CHANNEL_BARCODE_NS;

/** A link from a code opens only on the user's 打开链接, in a new tab that cannot reach back to this page. */
const openLink = (href: string) => {
  window.open(href, '_blank', 'noopener,noreferrer');
};

/** The 条码 mode's channel (scene-modes.ts loads it with the mode). */
export function createBarcodeChannel(): Promise<LiveChannel> {
  return Promise.resolve(
    new BarcodeChannel({ decoder: createFrameDecoder(), lookup: lookupProduct, open: openLink }),
  );
}
