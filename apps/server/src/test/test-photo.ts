/**
 * A small photo the quality check accepts: a coloured card with rows of dark blocks, like a label
 * with print on it. Tests that only need "a photo" send this; a plain colour fill is what a lens
 * covered by a finger sends, and is answered with retake advice (photo-quality.ts).
 */
import sharp, { type Sharp } from 'sharp';

export function testPhoto(width = 64, height = 48, background = '#3a7'): Sharp {
  const block = Math.max(2, Math.round(Math.min(width, height) / 12));
  const rects: string[] = [];
  for (let y = block; y + block <= height - block; y += 2 * block) {
    for (let x = block; x + block <= width - block; x += 2 * block) {
      rects.push(`<rect x="${x}" y="${y}" width="${block}" height="${block}"/>`);
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/><g fill="#111">${rects.join('')}</g></svg>`;
  return sharp(Buffer.from(svg));
}
