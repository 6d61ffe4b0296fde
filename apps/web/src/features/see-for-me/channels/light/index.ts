import { i18n } from '../../../../i18n/index.ts';
import type { LiveChannel } from '../live-channel.ts';
import { lightChannel } from './light-channel.ts';

/** The light mode's channel (registry entry `light`); its texts come with light-channel.ts. */
export function createLightChannel(): LiveChannel {
  return lightChannel((key, params) => i18n.t(key, params));
}
