import { textNamespace } from '../namespace.ts';
import { channelBarcodeEn } from './en.ts';
import { channelBarcodeZhCN } from './zh-CN.ts';

/** The barcode channel's cues (`channel-barcode:…`): loaded with the channel, not with the page. */
export const CHANNEL_BARCODE_NS = textNamespace('channel-barcode', channelBarcodeZhCN, channelBarcodeEn);
