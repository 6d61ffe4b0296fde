/**
 * sRGB camera pixels to linear light and to CIELAB (D65), where distances and the lightness,
 * chroma and hue a colour is named by follow what people see. Used per pixel on every frame, so
 * the sRGB decoding is a table and nothing allocates.
 */

export interface Lab {
  /** Lightness 0 (black) … 100 (white). */
  l: number;
  a: number;
  b: number;
}

/** sRGB byte → linear light 0..1 (the sRGB transfer curve), one entry per byte value. */
export const LINEAR: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let v = 0; v < 256; v += 1) {
    const c = v / 255;
    table[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return table;
})();

/** Relative luminance Y (0..1) of linear sRGB. */
export const luminanceOf = (r: number, g: number, b: number): number =>
  0.2126729 * r + 0.7151522 * g + 0.072175 * b;

const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;
const labF = (t: number): number => (t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116);

/** CIE lightness L* (0..100) of a relative luminance. */
export const lightnessOf = (y: number): number => 116 * labF(y) - 16;

/** CIELAB (D65 white) of linear sRGB. */
export function labOfLinear(r: number, g: number, b: number): Lab {
  const fx = labF((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
  const fy = labF(luminanceOf(r, g, b));
  const fz = labF((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

/** Chroma (colourfulness) of a Lab colour. */
export const chromaOf = ({ a, b }: Lab): number => Math.hypot(a, b);

/** Hue angle of a Lab colour in degrees, 0..360 (red ≈ 40, yellow ≈ 100, green ≈ 135, blue ≈ 300). */
export function hueOf({ a, b }: Lab): number {
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

/** CIE76 colour difference (ΔE): about 2 is just noticeable, 10 and more two different colours. */
export const deltaE = (p: Lab, q: Lab): number => Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);
