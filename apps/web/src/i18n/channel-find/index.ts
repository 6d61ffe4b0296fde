import { textNamespace } from '../namespace.ts';
import { channelFindEn } from './en.ts';
import { channelFindZhCN } from './zh-CN.ts';

/** 寻物's texts (`channel-find:…`): loaded with the channel, not with the page. */
export const CHANNEL_FIND_NS = textNamespace('channel-find', channelFindZhCN, channelFindEn);
