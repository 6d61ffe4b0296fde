import { i18n } from '../../../../i18n/index.ts';
import type { LiveChannel } from '../live-channel.ts';
import { colourChannel } from './colour-channel.ts';

/** The colour mode's channel (registry entry `colour`); its texts come with colour-words.ts. */
export function createColourChannel(): LiveChannel {
  return colourChannel((key, params) => i18n.t(key, params));
}
