import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { fixturePhoto } from './camera.ts';

/**
 * Camera pictures for 寻物 and 周围的人 (the browser tests and the bench), made from the shared
 * fixture photos: a real pedestrian cut out and pasted on a plain wall where the test wants it, a
 * street photo as the camera's 16:9 picture, and the wall alone.
 */
export const STREET = 'street-road-pedestrians-motorcycle.jpg';
/** Null without the fixtures (FIXTURES_DIR). */
export const streetPhoto = fixturePhoto(STREET);

/** The pedestrian on the left of that photo (CenterNet: person, 0.69), as shares of its width and height. */
const PEDESTRIAN = { x: 0.14, y: 0.31, width: 0.12, height: 0.45 };
const CAMERA = { width: 1280, height: 720 };
const WALL = { r: 200, g: 196, b: 188 };

/** The plain wall alone: nothing to find, nobody there. */
export function emptyWall(): Promise<Buffer> {
  return sharp({ create: { ...CAMERA, channels: 3, background: WALL } })
    .png()
    .toBuffer();
}

/** The pedestrian (430 px tall, about 5 m away through the assumed lens) centred at `centreX` (0..1). */
export async function pedestrianAt(photo: string, centreX: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const cut = await sharp(photo)
    .extract({
      left: Math.round(PEDESTRIAN.x * width),
      top: Math.round(PEDESTRIAN.y * height),
      width: Math.round(PEDESTRIAN.width * width),
      height: Math.round(PEDESTRIAN.height * height),
    })
    .resize({ height: 430 })
    .toBuffer({ resolveWithObject: true });
  return sharp({ create: { ...CAMERA, channels: 3, background: WALL } })
    .composite([{ input: cut.data, left: Math.round(centreX * CAMERA.width - cut.info.width / 2), top: 230 }])
    .png()
    .toBuffer();
}

/** A photo letterboxed into the camera's 16:9 picture (its own shape kept). */
export function asCameraPicture(photo: string): Promise<Buffer> {
  return sharp(readFileSync(photo))
    .resize({ ...CAMERA, fit: 'contain', background: { r: 0, g: 0, b: 0 } })
    .png()
    .toBuffer();
}
