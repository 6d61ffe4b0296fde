import { nameOf, type ColourName } from './colour-names.ts';
import type { Pixels } from '../frame-print.ts';
import { centreSquare, garmentRegion } from './regions.ts';
import { balancedLab, estimateGains } from './white-balance.ts';

/** The spot named continuously: a square at the centre, this share of the shorter side. */
const SPOT_SHARE = 0.16;
const SMALLEST_SPOT = 5;

/**
 * The name of the colour at the centre of the view: each pixel of the central spot is named after
 * white balance and the most frequent name wins, so a seam or a button at the centre does not
 * mix into a muddy average of its neighbours.
 */
export function centreColour(pixels: Pixels): ColourName {
  const gains = estimateGains(pixels, garmentRegion(pixels));
  const spot = centreSquare(pixels, SPOT_SHARE, SMALLEST_SPOT);
  const votes = new Map<ColourName, number>();
  for (let y = spot.y; y < spot.y + spot.height; y += 1) {
    for (let x = spot.x; x < spot.x + spot.width; x += 1) {
      const name = nameOf(balancedLab(pixels.data, (y * pixels.width + x) * 4, gains));
      votes.set(name, (votes.get(name) ?? 0) + 1);
    }
  }
  return [...votes].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}
