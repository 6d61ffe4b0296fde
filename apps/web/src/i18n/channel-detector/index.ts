import { textNamespace } from '../namespace.ts';
import { channelDetectorEn } from './en.ts';
import { channelDetectorZhCN } from './zh-CN.ts';

/** The detector channels' shared texts (`channel-detector:…`): loaded with 寻物 or 周围的人. */
export const CHANNEL_DETECTOR_NS = textNamespace('channel-detector', channelDetectorZhCN, channelDetectorEn);
