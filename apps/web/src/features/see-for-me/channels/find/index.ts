import { i18n } from '../../../../i18n/index.ts';
import { openDetector } from '../detector/detector-client.ts';
import type { LiveChannel } from '../live-channel.ts';
import { createTonePlayer } from '../tone-player.ts';
import { findChannel } from './find-channel.ts';

/**
 * 寻物's channel (registry entry `find`), its detector loaded: Human's object model in a worker.
 * Its beeps are its own (paced between frames), played like the scene's tones with WebAudio.
 */
/** One audio output for the page's life (a mode opened again reuses it). */
const tones = createTonePlayer();

export async function createFindChannel(): Promise<LiveChannel> {
  const detector = await openDetector('things');
  return findChannel({ detector, beep: (tone) => tones.beep(tone), t: (key, params) => i18n.t(key, params) });
}
