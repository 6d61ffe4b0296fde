import type { Texts } from '../texts.ts';
import type { channelDetectorZhCN } from './zh-CN.ts';

export const channelDetectorEn: Texts<typeof channelDetectorZhCN> = {
  preparing: 'Getting the recogniser ready…',
  clock: {
    9: '9 o’clock',
    10: '10 o’clock',
    11: '11 o’clock',
    12: '12 o’clock',
    1: '1 o’clock',
    2: '2 o’clock',
    3: '3 o’clock',
  },
  distance: {
    close: 'within reach',
    half: 'about half a metre away',
    1: 'about 1 metre away',
    2: 'about 2 metres away',
    3: 'about 3 metres away',
    4: 'about 4 metres away',
    5: 'about 5 metres away',
    far: 'more than 5 metres away',
  },
  slowDevice:
    'This device recognises slowly, so the cues will lag. You can ask a question instead: the server answers it, which costs points',
};
