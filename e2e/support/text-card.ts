import sharp from 'sharp';

/**
 * A 16:9 card (the canvas camera's shape, e2e/support/canvas-camera.ts) with each line in large
 * black letters on white, turned `degrees` about its centre: text for the live text channel to read.
 */
export async function textCard(lines: readonly string[], degrees = 0): Promise<Buffer> {
  const width = 1280;
  const height = 720;
  const step = height / (lines.length + 1);
  const size = Math.floor(Math.min(step * 0.5, 110));
  const text = lines
    .map(
      (line, i) =>
        `<text x="50%" y="${step * (i + 1)}" font-family="Noto Sans CJK SC" font-weight="bold" font-size="${size}" text-anchor="middle" dominant-baseline="middle">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g transform="rotate(${degrees} ${width / 2} ${height / 2})">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
