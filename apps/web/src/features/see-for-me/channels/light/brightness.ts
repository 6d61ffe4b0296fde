import type { Pixels } from '../frame-print.ts';
import { LINEAR, lightnessOf, luminanceOf } from '../colour/colour-space.ts';

/** The brightness is the mean lightness of this brightest share of the frame. */
const BRIGHTEST_SHARE = 0.25;

/**
 * How bright the view looks, 0 (black) … 100 (white): the mean CIE lightness of its brightest
 * quarter. A lit lamp or window in view counts, as it does to the eye, while a dark corner or a
 * few hot pixels do not decide it; lightness (not raw luminance) so equal steps sound equal.
 */
export function brightnessOf({ data, width, height }: Pixels): number {
  const histogram = new Uint32Array(101);
  const count = width * height;
  for (let i = 0; i < count * 4; i += 4) {
    const y = luminanceOf(LINEAR[data[i]!]!, LINEAR[data[i + 1]!]!, LINEAR[data[i + 2]!]!);
    histogram[Math.round(lightnessOf(y))]! += 1;
  }
  let wanted = Math.max(1, Math.round(count * BRIGHTEST_SHARE));
  let sum = 0;
  const taken = wanted;
  for (let l = 100; l >= 0 && wanted > 0; l -= 1) {
    const n = Math.min(wanted, histogram[l]!);
    sum += n * l;
    wanted -= n;
  }
  return sum / (taken - wanted);
}
