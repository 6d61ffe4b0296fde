import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * Barcodes and QR codes the tests draw themselves (the barcode channel's unit tests, its browser
 * test and its bench): an EAN-13 from the standard's digit tables, a QR code by `qrcode`, each put
 * on a camera-sized frame at an angle, blurred, or cut off at an edge.
 */

// EAN-13's digit patterns, a module each ('1' dark): L and G on the left half, R on the right
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
/** The first digit is not drawn: it chooses which left digits are G. */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The GTIN check digit of the digits before it. */
export function checkDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/** Twelve digits and their check digit. */
export const ean13 = (twelve: string) => `${twelve}${checkDigit(twelve)}`;

/** An EAN-13's 95 modules, '1' for a dark one. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code) || checkDigit(code.slice(0, 12)) !== code[12]) {
    throw new Error(`not an EAN-13: ${code}`);
  }
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === 'G' ? G : L)[d]!);
  const right = digits.slice(7).map((d) => R[d]!);
  return `101${left.join('')}01010${right.join('')}101`;
}

/** An EAN-13 as a PNG: its bars, the quiet zones either side, `module` pixels a module. */
export async function ean13Png(code: string, module = 3, height = 70 * module): Promise<Buffer> {
  const quiet = 11;
  const modules = `${'0'.repeat(quiet)}${ean13Modules(code)}${'0'.repeat(quiet)}`;
  const width = modules.length * module;
  const pad = 4 * module;
  const grey = Buffer.alloc(width * (height + 2 * pad), 255);
  for (let y = pad; y < pad + height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (modules[Math.floor(x / module)] === '1') grey[y * width + x] = 0;
    }
  }
  return sharp(grey, { raw: { width, height: height + 2 * pad, channels: 1 } })
    .png()
    .toBuffer();
}

/** A QR code as a PNG, `scale` pixels a module, with the standard four-module quiet zone. */
export const qrPng = (text: string, scale = 6): Promise<Buffer> =>
  QRCode.toBuffer(text, { margin: 4, scale, errorCorrectionLevel: 'M' });

export interface Placement {
  /** The frame's size (a camera frame downsized to the channel's side). */
  width?: number;
  height?: number;
  /** Degrees, clockwise. */
  angle?: number;
  /** Gaussian sigma in pixels (0: sharp). */
  blur?: number;
  /** Where the code's centre is, as shares of the frame (0.5, 0.5: the middle); it may lie partly outside. */
  at?: { x: number; y: number };
  /** The code's width as a share of the frame's width (it is scaled to it). */
  share?: number;
}

/** RGBA pixels with their size, as a live frame carries them. */
export interface RenderedFrame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  /** The same frame as a PNG (what the browser test's camera shows). */
  png: Buffer;
}

/**
 * A code on a frame (or none: the surface alone): scaled to `share` of its width, rotated, centred
 * at `at` on a light grey surface, then blurred; what falls outside the frame is cut off.
 */
export async function placeCode(code: Buffer | null, p: Placement = {}): Promise<RenderedFrame> {
  const { width = 960, height = 720, blur = 0 } = p;
  let frame = sharp(surface(width, height), { raw: { width, height, channels: 3 } });
  if (code) {
    frame = sharp(
      await frame
        .composite(await codeLayer(code, p, width, height))
        .png()
        .toBuffer(),
    );
  }
  if (blur > 0) frame = sharp(await frame.png().toBuffer()).blur(blur);
  const { data, info } = await frame.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    png,
  };
}

/** A light grey surface with a little texture: a plain white page would be kinder than a camera is. */
function surface(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    const shade = 200 + ((i * 7919) % 23);
    pixels[i * 3] = shade;
    pixels[i * 3 + 1] = shade - 4;
    pixels[i * 3 + 2] = shade - 10;
  }
  return pixels;
}

/** The code scaled, rotated and cut to what of it falls inside the frame, with where it goes. */
async function codeLayer(code: Buffer, p: Placement, width: number, height: number) {
  const { angle = 0, at = { x: 0.5, y: 0.5 }, share = 0.4 } = p;
  let image = sharp(code).resize({ width: Math.round(width * share), kernel: 'nearest' });
  if (angle) image = sharp(await image.png().toBuffer()).rotate(angle, { background: '#ffffff' });
  const placed = await image.png().toBuffer();
  const meta = await sharp(placed).metadata();
  const codeWidth = meta.width ?? 0;
  const codeHeight = meta.height ?? 0;
  const left = Math.round(at.x * width - codeWidth / 2);
  const top = Math.round(at.y * height - codeHeight / 2);
  // the part of the code inside the frame, and where it goes
  const cut = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    width: Math.min(codeWidth, width - left) - Math.max(0, -left),
    height: Math.min(codeHeight, height - top) - Math.max(0, -top),
  };
  if (cut.width <= 0 || cut.height <= 0) return [];
  const visible = await sharp(placed).extract(cut).png().toBuffer();
  return [{ input: visible, left: Math.max(0, left), top: Math.max(0, top) }];
}
