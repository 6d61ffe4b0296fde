/**
 * Makes the installed app's icons (web app manifest, iOS home screen) from one drawing: the eye of
 * the favicon, white on the theme blue. "any" icons have rounded corners; the maskable one fills
 * its square (the launcher cuts its own shape) and keeps the eye inside the central safe zone.
 * Usage: node --import tsx apps/web/scripts/make-icons.ts   (uses sharp, the server's dependency)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const THEME = '#0b57d0';
const out = fileURLToPath(new URL('../public/icons/', import.meta.url));

const drawing = (cornerRadius: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">` +
  `<rect width="96" height="96" rx="${cornerRadius}" fill="${THEME}"/>` +
  `<path d="M16 48s12-20 32-20 32 20 32 20-12 20-32 20-32-20-32-20z" fill="#fff"/>` +
  `<circle cx="48" cy="48" r="11" fill="${THEME}"/></svg>`;

const icons: { file: string; size: number; cornerRadius: number }[] = [
  { file: 'icon-192.png', size: 192, cornerRadius: 24 },
  { file: 'icon-512.png', size: 512, cornerRadius: 24 },
  { file: 'icon-maskable-512.png', size: 512, cornerRadius: 0 },
  // iOS rounds the corners itself and shows transparency as black
  { file: 'apple-touch-icon.png', size: 180, cornerRadius: 0 },
];

mkdirSync(out, { recursive: true });
for (const { file, size, cornerRadius } of icons) {
  await sharp(Buffer.from(drawing(cornerRadius)), { density: (72 * size) / 96 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}×${size}`);
}
