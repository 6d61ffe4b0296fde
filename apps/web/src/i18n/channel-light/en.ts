import type { Texts } from '../texts.ts';
import type { channelLightZhCN } from './zh-CN.ts';

export const channelLightEn: Texts<typeof channelLightZhCN> = {
  levels: {
    veryDark: 'very dark',
    dark: 'dim',
    moderate: 'moderate',
    bright: 'very bright',
  },
  level: 'Light: {{level}}',
  answers: {
    on: 'The light seems to be on. Light: {{level}}',
    off: 'The light seems to be off. Light: {{level}}',
    unsure: 'Not sure whether the light is on. Light: {{level}}',
  },
};
