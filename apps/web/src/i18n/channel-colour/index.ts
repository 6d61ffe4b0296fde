import { textNamespace } from '../namespace.ts';
import { channelColourEn } from './en.ts';
import { channelColourZhCN } from './zh-CN.ts';

/** The colour channel's texts (`channel-colour:…`): loaded with the channel, not with the page. */
export const CHANNEL_COLOUR_NS = textNamespace('channel-colour', channelColourZhCN, channelColourEn);
