/**
 * What a brightness (0..100, brightness.ts) sounds and is said like: the hum's pitch, the spoken
 * level, and whether the light is on. Phone cameras brighten a dark room on their own, so "off" is
 * said only when the view is really dark, and the band between is answered as unsure.
 */
export type LightLevel = 'veryDark' | 'dark' | 'moderate' | 'bright';

/** The hum spans three octaves: 200 Hz in the dark, 1600 Hz at white. */
const LOWEST_HZ = 200;
const OCTAVES = 3;

/** Upper bounds of the spoken levels. */
const VERY_DARK_BELOW = 20;
const DARK_BELOW = 45;
const MODERATE_BELOW = 75;
/** Is the light on: yes from here up, no below LIGHT_OFF_BELOW, unsure between. */
const LIGHT_ON_FROM = 50;
const LIGHT_OFF_BELOW = 25;

/**
 * The hum's frequency: exponential in brightness, so equal steps of lightness are equal musical
 * steps (the ear hears pitch on a log scale, as the eye sees lightness).
 */
export const humFrequency = (brightness: number): number =>
  LOWEST_HZ * 2 ** ((OCTAVES * Math.min(100, Math.max(0, brightness))) / 100);

export function levelOf(brightness: number): LightLevel {
  if (brightness < VERY_DARK_BELOW) return 'veryDark';
  if (brightness < DARK_BELOW) return 'dark';
  return brightness < MODERATE_BELOW ? 'moderate' : 'bright';
}

/** Whether the light is on: 'on', 'off', or 'unsure' in the band a camera's own gain blurs. */
export function lightIsOn(brightness: number): 'on' | 'off' | 'unsure' {
  if (brightness >= LIGHT_ON_FROM) return 'on';
  return brightness < LIGHT_OFF_BELOW ? 'off' : 'unsure';
}
