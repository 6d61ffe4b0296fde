import { textNamespace } from '../namespace.ts';
import { channelPeopleEn } from './en.ts';
import { channelPeopleZhCN } from './zh-CN.ts';

/** 周围的人's texts (`channel-people:…`): loaded with the channel, not with the page. */
export const CHANNEL_PEOPLE_NS = textNamespace('channel-people', channelPeopleZhCN, channelPeopleEn);
