import { textNamespace } from '../namespace.ts';
import { channelLightEn } from './en.ts';
import { channelLightZhCN } from './zh-CN.ts';

/** The light channel's texts (`channel-light:…`): loaded with the channel, not with the page. */
export const CHANNEL_LIGHT_NS = textNamespace('channel-light', channelLightZhCN, channelLightEn);
