/**
 * Real photos of a hand, for the engine's tests and the vision bench. None of the shared fixtures
 * shows a hand held up to the camera, the photo blind users take most; the fingerpose package (MIT,
 * a dev dependency kept for these) ships three close-ups of one hand against a wall, 480 × 640.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

export type HandPose = 'fist' | 'halfCurl' | 'pointing';

const FILES: Record<HandPose, string> = {
  fist: 'fullcurl.jpg',
  halfCurl: 'halfcurl.jpg',
  pointing: 'nocurl.jpg',
};

const assets = path.join(path.dirname(createRequire(import.meta.url).resolve('fingerpose')), '../assets');

export function handPhoto(pose: HandPose): Buffer {
  return readFileSync(path.join(assets, FILES[pose]));
}

/**
 * A label held up on the hand, the way a card or a box is shown to the camera: scaled to 60 % of
 * the photo's width, its lower edge just over the top of the fist (at 43 % of the height there).
 */
export async function labelOnHand(label: Buffer, pose: HandPose = 'fist'): Promise<Buffer> {
  const photo = handPhoto(pose);
  const { width = 480, height = 640 } = await sharp(photo).metadata();
  const card = await sharp(label)
    .resize(Math.round(width * 0.62))
    .toBuffer({ resolveWithObject: true });
  const top = Math.max(0, Math.round(height * 0.48) - card.info.height);
  return sharp(photo)
    .composite([{ input: card.data, left: Math.round(width * 0.29), top }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
