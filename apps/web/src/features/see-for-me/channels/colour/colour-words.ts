import { CHANNEL_COLOUR_NS as NS } from '../../../../i18n/channel-colour/index.ts';
import type { CueWords } from '../live-channel.ts';
import { familyOf, type ColourFamily, type ColourName } from './colour-names.ts';
import type { GarmentColours } from './garment.ts';

type Translate = (key: string, params?: Record<string, string>) => string;

/** What the centre's colour is said as. */
export const colourWords = (name: ColourName): CueWords => ({ key: `${NS}:names.${name}` });

/** One to three words joined as the language joins them (zh: 蓝白 / 深蓝色和白色). */
function joined(t: Translate, kind: 'stems' | 'list', words: readonly string[]): string {
  const [a = '', b = '', c = ''] = words;
  if (words.length < 2) return a;
  return words.length === 2 ? t(`${NS}:join.${kind}2`, { a, b }) : t(`${NS}:join.${kind}3`, { a, b, c });
}

/** Patterns are named colours first, then black, grey and white: 蓝白条纹, 红黑格子, 黑白格子. */
const NEUTRALS_LAST: readonly ColourFamily[] = ['black', 'grey', 'white'];
const neutralRank = (name: ColourName): number => NEUTRALS_LAST.indexOf(familyOf(name));

/**
 * What a tap says of a garment: "深蓝色，纯色", "蓝白条纹，藏青色和白色", "红黑格子，…",
 * "有花纹，主要是…". The stems name each colour family once (navy and light blue stripes are 蓝).
 */
export function garmentWords(garment: GarmentColours, t: Translate): CueWords {
  const colours = garment.colours.toSorted((p, q) => neutralRank(p) - neutralRank(q));
  const names = colours.map((name) => t(`${NS}:names.${name}`));
  const { pattern } = garment;
  if (pattern === 'solid') return { key: `${NS}:garment.solid`, params: { colour: names[0] ?? '' } };
  const stems = [...new Set(colours.map(familyOf))].map((family) => t(`${NS}:stems.${family}`));
  return {
    key: `${NS}:garment.${pattern}`,
    params: { stems: joined(t, 'stems', stems), colours: joined(t, 'list', names) },
  };
}
