import { textNamespace } from '../namespace.ts';
import { channelTextEn } from './en.ts';
import { channelTextZhCN } from './zh-CN.ts';

/** The instant text channel's cues (`channel-text:…`): loaded with the channel, not with the page. */
export const CHANNEL_TEXT_NS = textNamespace('channel-text', channelTextZhCN, channelTextEn);
