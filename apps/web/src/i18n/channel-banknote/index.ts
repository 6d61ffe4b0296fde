import { textNamespace } from '../namespace.ts';
import { channelBanknoteEn } from './en.ts';
import { channelBanknoteZhCN } from './zh-CN.ts';

/** The banknote channel's cues (`channel-banknote:…`): loaded with the channel, not with the page. */
export const CHANNEL_BANKNOTE_NS = textNamespace('channel-banknote', channelBanknoteZhCN, channelBanknoteEn);
