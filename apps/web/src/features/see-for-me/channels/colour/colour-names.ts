import { chromaOf, hueOf, type Lab } from './colour-space.ts';

/**
 * The colours a person names clothes by (深蓝色, 米白色, 酒红色, 卡其色, 军绿色 …): a small vocabulary,
 * not a paint chart. Each is an i18n key (channel-colour:names.<id>) and belongs to a family whose
 * one-word stem names a pattern's colours ("蓝白条纹").
 */
export const COLOUR_FAMILIES = {
  black: ['black'],
  grey: ['darkGrey', 'grey', 'lightGrey'],
  white: ['white', 'offWhite'],
  red: ['red', 'wine'],
  pink: ['pink', 'lightPink', 'rose'],
  orange: ['orange'],
  brown: ['brown', 'darkBrown', 'khaki'],
  yellow: ['yellow', 'lightYellow', 'mustard'],
  green: ['green', 'darkGreen', 'lightGreen', 'army'],
  teal: ['teal'],
  blue: ['blue', 'darkBlue', 'navy', 'lightBlue'],
  purple: ['purple', 'darkPurple', 'lightPurple'],
} as const;

export type ColourFamily = keyof typeof COLOUR_FAMILIES;
export type ColourName = (typeof COLOUR_FAMILIES)[ColourFamily][number];

export const familyOf = (name: ColourName): ColourFamily =>
  (Object.keys(COLOUR_FAMILIES) as ColourFamily[]).find((family) =>
    (COLOUR_FAMILIES[family] as readonly string[]).includes(name),
  )!;

/**
 * Below this chroma a colour reads as grey. Bluish greys (slate, a grey wall in daylight) keep a
 * little more colour than warm ones before anyone calls them blue, and very dark colours show less.
 */
function neutralChroma(l: number, h: number): number {
  if (l < 40) return 14;
  return h >= 180 && h < 300 ? 13 : 10;
}

function neutral(l: number, c: number, h: number): ColourName {
  // a warm white (cream, beige, old lace) is 米白色 before it is yellow
  if (l >= 85 && c >= 6 && h >= 55 && h < 120) return 'offWhite';
  if (l < 22) return 'black';
  if (l < 40) return 'darkGrey';
  if (l < 62) return 'grey';
  if (l < 86) return 'lightGrey';
  return 'white';
}

function redOrPink(l: number, c: number, h: number): ColourName {
  const magentaSide = h >= 335 || h < 8;
  if (magentaSide && c >= 55 && l < 65) return 'rose';
  if (l >= 80 && c < 30) return 'lightPink';
  if (l >= 65 || (l >= 57 && c < 60)) return 'pink';
  if (l < 36) return 'wine';
  return c < 25 ? 'pink' : 'red';
}

function orangeOrBrown(l: number, c: number): ColourName {
  if (l < 33) return 'darkBrown';
  if (l < 45) return 'brown';
  if (l >= 85 && c < 22) return 'offWhite';
  if (c < 35) return 'khaki';
  if (l >= 65 || c >= 60) return 'orange';
  return 'brown';
}

function yellowish(l: number, c: number, h: number): ColourName {
  const olive = h >= 95;
  if (l >= 85) {
    if (c < 22) return 'offWhite';
    return c < 55 ? 'lightYellow' : 'yellow';
  }
  if (l >= 60) {
    if (c >= 55) return l >= 80 ? 'yellow' : 'mustard';
    return 'khaki';
  }
  if (l >= 40) {
    if (c >= 45) return 'mustard';
    if (olive) return 'army';
    return l >= 50 ? 'khaki' : 'brown';
  }
  if (olive) return 'army';
  return l < 33 ? 'darkBrown' : 'brown';
}

function green(l: number, c: number, h: number): ColourName {
  if (c < 45 && l < 60 && h < 140) return 'army';
  if (l >= 75 || (l >= 65 && c < 50)) return 'lightGreen';
  if (l < 40) return 'darkGreen';
  return 'green';
}

function blue(l: number, c: number): ColourName {
  if (l >= 70 || (l >= 62 && c < 30)) return 'lightBlue';
  // pure, saturated blue is dark in lightness but nobody calls it dark blue
  if (c >= 90 && l >= 22) return 'blue';
  if (l < 25) return 'navy';
  if (l < 40) return 'darkBlue';
  return 'blue';
}

function purple(l: number): ColourName {
  if (l >= 65) return 'lightPurple';
  if (l < 30) return 'darkPurple';
  return 'purple';
}

/**
 * The everyday name of a colour, from its lightness, chroma and hue (CIELAB, after white balance).
 * The hue buckets follow where Lab puts the named colours: red ≈ 40°, orange ≈ 65°, yellow ≈ 100°,
 * green ≈ 135°, teal ≈ 195°, blue 230–305°, purple ≈ 320°, pink-magenta ≈ 350°.
 */
export function nameOf(lab: Lab): ColourName {
  const { l } = lab;
  const c = chromaOf(lab);
  const h = hueOf(lab);
  if (c < neutralChroma(l, h)) return neutral(l, c, h);
  if (h >= 335 || h < 45) return redOrPink(l, c, h);
  if (h < 78) return orangeOrBrown(l, c);
  if (h < 115) return yellowish(l, c, h);
  if (h < 175) return green(l, c, h);
  if (h < 220) return l >= 80 ? 'lightBlue' : 'teal';
  // CIELAB bends blue toward purple: a pale or muted violet at 300–310° is purple, pure blue is not
  if (h < 300 || (h < 310 && (l < 45 || c >= 80))) return blue(l, c);
  return purple(l);
}
