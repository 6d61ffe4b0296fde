import type { Texts } from '../texts.ts';
import type { channelTextZhCN } from './zh-CN.ts';

export const channelTextEn: Texts<typeof channelTextZhCN> = {
  unavailable: 'Text cannot be read right now, please try again later',
};
