import { CHANNEL_LIGHT_NS as NS } from '../../../../i18n/channel-light/index.ts';
import type { ChannelCue, CueWords, LiveChannel } from '../live-channel.ts';
import { brightnessOf } from './brightness.ts';
import { asksAboutLight } from './light-question.ts';
import { humFrequency, levelOf, lightIsOn, type LightLevel } from './light-level.ts';

/**
 * Small frames: a brightness needs no detail. Reading one takes a fraction of a millisecond (in
 * Chromium here, 0.2 ms from its pixels to the hum's new pitch), so the hum follows the light at the
 * frame rate with no worker to hand frames to.
 */
const FRAME_SIDE = 64;

type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * The light channel: a hum whose pitch follows the brightness of every frame (low in the dark,
 * high in the light), the level shown when it changes, said on a tap, and "灯开着吗" answered.
 * It never turns the torch on: it measures the light there is.
 */
export function lightChannel(t: Translate): LiveChannel {
  let shown: LightLevel | null = null;
  const level = (brightness: number) => t(`${NS}:levels.${levelOf(brightness)}`);
  const said = (words: CueWords): ChannelCue[] => [{ say: words, interrupt: true }];
  return {
    frameSide: FRAME_SIDE,
    // the hum answers every frame, the same view included
    skipUnchanged: false,
    look(frame) {
      const brightness = brightnessOf(frame.pixels);
      const cues: ChannelCue[] = [{ hum: { frequencyHz: humFrequency(brightness) } }];
      if (levelOf(brightness) !== shown) {
        shown = levelOf(brightness);
        cues.push({ show: { key: `${NS}:level`, params: { level: level(brightness) } } });
      }
      return Promise.resolve(cues);
    },
    tap(frame) {
      const brightness = brightnessOf(frame.pixels);
      return Promise.resolve(said({ key: `${NS}:level`, params: { level: level(brightness) } }));
    },
    ask(question, frame) {
      if (!asksAboutLight(question)) return Promise.resolve(null);
      const brightness = brightnessOf(frame.pixels);
      return Promise.resolve(
        said({ key: `${NS}:answers.${lightIsOn(brightness)}`, params: { level: level(brightness) } }),
      );
    },
    dispose() {
      // the scene silences the hum when the mode ends; nothing else is held
    },
  };
}
