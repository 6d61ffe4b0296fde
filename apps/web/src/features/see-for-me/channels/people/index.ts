import { i18n } from '../../../../i18n/index.ts';
import { openDetector } from '../detector/detector-client.ts';
import type { LiveChannel } from '../live-channel.ts';
import { peopleChannel } from './people-channel.ts';

/** 周围的人's channel (registry entry `people`), its detector loaded: Human's object, face and emotion models in a worker. */
export async function createPeopleChannel(): Promise<LiveChannel> {
  const detector = await openDetector('people');
  return peopleChannel({ detector, t: (key, params) => i18n.t(key, params) });
}
