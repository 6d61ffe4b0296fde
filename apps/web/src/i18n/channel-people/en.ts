import type { Texts } from '../texts.ts';
import type { channelPeopleZhCN } from './zh-CN.ts';

export const channelPeopleEn: Texts<typeof channelPeopleZhCN> = {
  none: 'No one in view',
  count: {
    1: '1 person',
    2: '2 people',
    3: '3 people',
    4: '4 people',
    5: '5 people',
    6: '6 people',
    7: '7 people',
    8: '8 people',
    9: '9 people',
    10: '10 people',
  },
  countMany: '{{count}} people',
  one: '1 person, at {{clock}}, {{distance}}{{details}}',
  few: '{{count}}: {{people}}',
  crowd: '{{count}}, the nearest: {{people}}',
  each: 'one at {{clock}}, {{distance}}{{details}}',
  join: '; ',
  facing: {
    toward: ', facing you',
    aside: ', face turned aside',
  },
  smiling: ', smiling',
  noIdentity: 'Nobody is identified. {{report}}',
};
