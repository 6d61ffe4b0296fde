import type { Pixels } from '../frame-print.ts';
import { nameOf, type ColourName } from './colour-names.ts';
import { clusterColours } from './lab-clusters.ts';
import { patternOf, type Pattern } from './pattern.ts';
import { garmentRegion } from './regions.ts';
import { balancedLab, estimateGains } from './white-balance.ts';

/** What a tap says about the garment held up: its main colours, largest first, and its pattern. */
export interface GarmentColours {
  /** One to three names, most of the garment first. */
  colours: ColourName[];
  pattern: Pattern;
}

/** The garment region is read on a grid at most this many samples on its longer side. */
const GRID_SIDE = 128;
const MOST_COLOURS = 3;

/** The main colours and the pattern of the garment-sized region at the centre of the view. */
export function garmentColours(pixels: Pixels): GarmentColours {
  const region = garmentRegion(pixels);
  const gains = estimateGains(pixels, region);
  const step = Math.max(1, Math.ceil(Math.max(region.width, region.height) / GRID_SIDE));
  const width = Math.ceil(region.width / step);
  const height = Math.ceil(region.height / step);
  const points = new Float32Array(width * height * 3);
  for (let gy = 0; gy < height; gy += 1) {
    for (let gx = 0; gx < width; gx += 1) {
      const x = region.x + gx * step;
      const y = region.y + gy * step;
      const { l, a, b } = balancedLab(pixels.data, (y * pixels.width + x) * 4, gains);
      points.set([l, a, b], (gy * width + gx) * 3);
    }
  }
  const { clusters, labels } = clusterColours(points);
  const pattern = patternOf({
    width,
    height,
    labels,
    colours: clusters.map((c) => c.centre),
    shares: clusters.map((c) => c.share),
  });
  const names = [...new Set(clusters.map((c) => nameOf(c.centre)))];
  return { colours: names.slice(0, pattern === 'solid' ? 1 : MOST_COLOURS), pattern };
}
