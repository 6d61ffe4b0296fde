import type { Texts } from '../texts.ts';
import type { channelFindZhCN } from './zh-CN.ts';

export const channelFindEn: Texts<typeof channelFindZhCN> = {
  things: {
    cup: 'cup',
    bottle: 'bottle',
    phone: 'phone',
    chair: 'chair',
    person: 'person',
    book: 'book',
    laptop: 'laptop',
    backpack: 'backpack',
  },
  choose: 'What to find (keys and doors cannot be recognised)',
  searching: 'Looking for the {{thing}}',
  started: 'Looking for the {{thing}}',
  at: 'The {{thing}} is at your {{clock}}, {{distance}}',
  notFound: 'No {{thing}} found yet',
  unfindable: {
    keys: 'Keys are too small to recognise yet. It can find: {{things}}',
    door: 'Doors cannot be recognised yet. It can find: {{things}}',
  },
  listJoin: ', ',
  askedFor: {
    cup: ['cup', 'mug', 'glass'],
    bottle: ['bottle'],
    phone: ['phone', 'cell phone', 'mobile'],
    chair: ['chair', 'seat', 'stool'],
    person: ['person', 'someone', 'somebody'],
    book: ['book'],
    laptop: ['laptop', 'computer'],
    backpack: ['backpack', 'rucksack', 'schoolbag'],
  },
  unfindableAskedFor: {
    keys: ['key', 'keys'],
    door: ['door'],
  },
};
