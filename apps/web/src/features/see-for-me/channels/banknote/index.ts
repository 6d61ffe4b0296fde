/**
 * Banknotes (纸币): Chinese yuan notes named from their numerals and colour, on the device (the OCR
 * worker of ../ocr/, or the server's OCR on a device measured too slow), never from colour alone;
 * on a tap the server's cloud model, where there is one, for a note the device is not sure of.
 */
import { i18n } from '../../../../i18n/index.ts';
import { CHANNEL_BANKNOTE_NS } from '../../../../i18n/channel-banknote/index.ts';
import type { LiveChannel } from '../live-channel.ts';
import { createOcrClient } from '../ocr/ocr-client.ts';
import { banknoteChannel } from './banknote-channel.ts';
import { serverCloudReader } from './cloud-reading.ts';

export function createBanknoteChannel(): LiveChannel {
  return banknoteChannel({
    reader: createOcrClient(),
    cloud: serverCloudReader(() => i18n.t(`${CHANNEL_BANKNOTE_NS}:cloudPrompt`)),
  });
}
