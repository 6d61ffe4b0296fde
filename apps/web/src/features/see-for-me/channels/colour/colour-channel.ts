import type { ChannelCue, LiveChannel } from '../live-channel.ts';
import { centreColour } from './centre-colour.ts';
import type { ColourName } from './colour-names.ts';
import { colourWords, garmentWords } from './colour-words.ts';
import { garmentColours } from './garment.ts';
import { StableName } from './stable-name.ts';

/**
 * Frames as large as the garment's pattern needs: stripes a few millimetres wide on a shirt held at
 * arm's length are still two or more pixels each. Reading one costs about a millisecond (the centre
 * spot and a sample of the frame for the light; a tap's garment region a few milliseconds), less
 * than drawing the camera's picture to read it costs, and a worker would add a copy of every frame:
 * the channel runs on the page's main thread.
 */
const FRAME_SIDE = 360;
/** A new colour at the centre is said once it has held this long (and for two frames). */
const HOLD_MS = 350;

/** "这是什么颜色", "衣服什么颜色", "what colour is this": answered as a tap is. */
const COLOUR_QUESTION = /颜色|colou?r/i;

type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * The colour channel: names the colour at the centre of the view when it changes and holds; a tap
 * (or a question about the colour) says the main colours of the garment held up and its pattern.
 */
export function colourChannel(t: Translate): LiveChannel {
  const stable = new StableName<ColourName>(HOLD_MS);
  const describe = (pixels: ImageData): ChannelCue[] => [
    { say: garmentWords(garmentColours(pixels), t), interrupt: true },
  ];
  return {
    frameSide: FRAME_SIDE,
    // the same view twice is what confirms a new colour: every frame counts
    skipUnchanged: false,
    look(frame) {
      const name = stable.next(centreColour(frame.pixels), frame.grabbedAt);
      return Promise.resolve(name ? [{ say: colourWords(name), interrupt: true }] : []);
    },
    tap(frame) {
      return Promise.resolve(describe(frame.pixels));
    },
    ask(question, frame) {
      return Promise.resolve(COLOUR_QUESTION.test(question) ? describe(frame.pixels) : null);
    },
    dispose() {
      // nothing held: no worker, no timer
    },
  };
}
