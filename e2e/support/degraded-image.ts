import sharp from 'sharp';

/** A copy of the image as a shaking hand takes it (strongly blurred), beside the original; its path. */
export async function blurredImage(path: string, sigma = 6): Promise<string> {
  const out = path.replace(/(\.\w+)$/, `-blurred$1`);
  await sharp(path).blur(sigma).toFile(out);
  return out;
}
