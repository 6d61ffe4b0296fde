import sharp from 'sharp';

/**
 * Pictures for the colour and light channels' browser tests and benches, in the canvas camera's
 * 16:9: a garment held up in a room (an off-white wall, a wooden door, a grey floor), plain or
 * striped, under neutral light or a cast; and plain frames from dark to bright.
 */
const WIDTH = 1280;
const HEIGHT = 720;
type Rgb = readonly [number, number, number];

/** A warm bulb's cast on the picture's channels (the channel's white balance should take it out). */
export const WARM_CAST: Rgb = [1, 0.9, 0.72];

export async function garmentPicture(
  colour: string,
  { stripesWith, cast }: { stripesWith?: string; cast?: Rgb } = {},
): Promise<Buffer> {
  const [x, y, w, h] = [WIDTH * 0.2, HEIGHT * 0.2, WIDTH * 0.6, HEIGHT * 0.6];
  const garment = stripesWith
    ? `<pattern id="stripes" width="40" height="40" patternUnits="userSpaceOnUse">` +
      `<rect width="40" height="20" fill="${colour}"/><rect y="20" width="40" height="20" fill="${stripesWith}"/>` +
      `</pattern><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#stripes)"/>`
    : `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#e4e2de"/>` +
    `<rect y="${HEIGHT * 0.55}" width="100%" height="${HEIGHT * 0.45}" fill="#8c8c8c"/>` +
    `<rect width="${WIDTH * 0.12}" height="100%" fill="#8b5a2b"/>${garment}</svg>`;
  const picture = sharp(Buffer.from(svg));
  if (cast)
    picture.recomb([
      [cast[0], 0, 0],
      [0, cast[1], 0],
      [0, 0, cast[2]],
    ]);
  return picture.png().toBuffer();
}

/** A plain grey frame: 0 (a dark room) … 255 (a bright one). */
export function greyPicture(level: number): Promise<Buffer> {
  return sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: level, g: level, b: level } },
  })
    .png()
    .toBuffer();
}
