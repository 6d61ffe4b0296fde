/**
 * Photos as blind users take them, made from a good one: turned, tilted, blurred, smeared by a
 * moving hand, too dark, washed out, with a glare spot, cut off at an edge, small in a corner. For
 * the engine's tests and the vision bench, which make their own degraded sets from rendered text
 * and the shared fixtures instead of keeping copies.
 */
import sharp, { type Sharp } from 'sharp';

export type Degradation =
  | 'upright'
  | 'rot90'
  | 'rot180'
  | 'rot270'
  | 'tilt'
  | 'mildBlur'
  | 'blur'
  | 'heavyBlur'
  | 'motion'
  | 'dark'
  | 'washedOut'
  | 'glare'
  | 'cutLeft'
  | 'cutRight'
  | 'cutTop'
  | 'cutBottom'
  | 'corner'
  | 'heldInHand';

/** Whether a careful person could still use the photo: the quality check's expected verdict. */
export const UNUSABLE: ReadonlySet<Degradation> = new Set([
  'blur',
  'heavyBlur',
  'motion',
  'dark',
  'washedOut',
]);

/** The ways a photo is degraded to judge the quality check: usable and unusable ones (UNUSABLE). */
export const QUALITY_CASES: readonly Degradation[] = [
  'upright',
  'rot90',
  'rot180',
  'tilt',
  'mildBlur',
  'blur',
  'heavyBlur',
  'motion',
  'dark',
  'washedOut',
  'glare',
  'cutLeft',
  'cutRight',
  'corner',
  'heldInHand',
];

/** The photo's longest side before degrading: what the phone app sends at the 'high' preset. */
const SIDE = 1600;

/** A horizontal box kernel `length` px long (a hand moving sideways while the shutter is open). */
function motionKernel(length: number) {
  const zeros = new Array<number>(length).fill(0);
  return { width: length, height: 3, kernel: [...zeros, ...new Array<number>(length).fill(1), ...zeros] };
}

async function glareOver(image: Buffer): Promise<Buffer> {
  const { width = SIDE, height = SIDE } = await sharp(image).metadata();
  const r = Math.round(Math.min(width, height) * 0.35);
  const spot =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><radialGradient id="g"><stop offset="0.7" stop-color="#fff" stop-opacity="1"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<circle cx="${Math.round(width * 0.55)}" cy="${Math.round(height * 0.45)}" r="${r}" fill="url(#g)"/></svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(spot) }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A share of the photo cut away on one side, as when the phone points a little off the page. */
async function cut(image: Buffer, side: 'left' | 'right' | 'top' | 'bottom', share = 0.18): Promise<Buffer> {
  const { width = SIDE, height = SIDE } = await sharp(image).metadata();
  const dx = Math.round(width * share);
  const dy = Math.round(height * share);
  const region = {
    left: { left: dx, top: 0, width: width - dx, height },
    right: { left: 0, top: 0, width: width - dx, height },
    top: { left: 0, top: dy, width, height: height - dy },
    bottom: { left: 0, top: 0, width, height: height - dy },
  }[side];
  return sharp(image).extract(region).jpeg({ quality: 88 }).toBuffer();
}

/** The photo at a third of its size in the top-left corner of a grey table top. */
async function inCorner(image: Buffer): Promise<Buffer> {
  const small = await sharp(image)
    .resize(Math.round(SIDE / 3), Math.round(SIDE / 3), { fit: 'inside' })
    .toBuffer();
  return sharp({
    create: { width: SIDE, height: Math.round(SIDE * 0.75), channels: 3, background: '#8a8580' },
  })
    .composite([{ input: small, left: 60, top: 60 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The photo degraded one way, as a JPEG at most SIDE px long. */
export async function degrade(photo: Buffer, how: Degradation): Promise<Buffer> {
  const base = await sharp(photo)
    .rotate()
    .resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const jpeg = (s: Sharp) => s.jpeg({ quality: 88 }).toBuffer();
  switch (how) {
    case 'upright':
      return base;
    case 'rot90':
      return jpeg(sharp(base).rotate(90));
    case 'rot180':
      return jpeg(sharp(base).rotate(180));
    case 'rot270':
      return jpeg(sharp(base).rotate(270));
    case 'tilt':
      return jpeg(sharp(base).rotate(8, { background: '#ffffff' }));
    case 'mildBlur':
      return jpeg(sharp(base).blur(1.2));
    case 'blur':
      return jpeg(sharp(base).blur(4));
    case 'heavyBlur':
      return jpeg(sharp(base).blur(10));
    case 'motion':
      return jpeg(sharp(base).convolve(motionKernel(25)));
    case 'dark':
      return jpeg(sharp(base).linear(0.12, 0));
    case 'washedOut':
      return jpeg(sharp(base).linear(0.25, 200));
    case 'glare':
      return glareOver(base);
    case 'cutLeft':
      return cut(base, 'left');
    case 'cutRight':
      return cut(base, 'right');
    case 'cutTop':
      return cut(base, 'top');
    case 'cutBottom':
      return cut(base, 'bottom');
    case 'corner':
      return inCorner(base);
    case 'heldInHand':
      return heldInHand(base);
  }
}

/**
 * The photo as a box held up in a hand at arm's length: at half size in the middle of a dim room,
 * a palm below it, the thumb across its left edge and four fingers curled over its right edge.
 * Skin tones, no face, no body: a detector that names a person here invents one.
 */
async function heldInHand(image: Buffer): Promise<Buffer> {
  const width = SIDE;
  const height = Math.round(SIDE * 0.75);
  const box = await sharp(image)
    .resize(Math.round(width * 0.5), Math.round(height * 0.5), { fit: 'inside' })
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((width - box.info.width) / 2);
  const top = Math.round((height - box.info.height) / 2);
  const right = left + box.info.width;
  const bottom = top + box.info.height;
  const finger = (i: number) => {
    const y = top + Math.round(box.info.height * (0.2 + i * 0.2));
    return `<rect x="${right - 40}" y="${y}" width="150" height="${Math.round(height * 0.06)}" rx="28"/>`;
  };
  const room =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b625a"/>` +
    `<stop offset="1" stop-color="#3c3733"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#wall)"/></svg>`;
  const hand =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="#d9a483">` +
    `<ellipse cx="${left + box.info.width * 0.35}" cy="${bottom + 200}" rx="${box.info.width * 0.45}" ry="230"/>` +
    `<rect x="${left - 110}" y="${bottom - 60}" width="140" height="${Math.round(height * 0.065)}" rx="30" transform="rotate(-25 ${left} ${bottom - 60})"/>` +
    [0, 1, 2, 3].map(finger).join('') +
    `</g></svg>`;
  return sharp(Buffer.from(room))
    .composite([{ input: box.data, left, top }, { input: Buffer.from(hand) }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Lines of text on a plain label, in the CJK font the tests and CI have; a photo-sized PNG. */
export function renderedLabel(
  lines: readonly string[],
  { fontSize = 64, width = 1400, background = '#ffffff', ink = '#111111' } = {},
): Promise<Buffer> {
  const height = Math.round(160 + lines.length * fontSize * 1.8);
  const rows = lines
    .map((l, i) => `<text x="80" y="${Math.round(110 + i * fontSize * 1.8)}">${escapeXml(l)}</text>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<g font-family="Noto Sans CJK SC" font-weight="bold" font-size="${fontSize}" fill="${ink}">${rows}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
