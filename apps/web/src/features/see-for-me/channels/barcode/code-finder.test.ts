import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ean13, ean13Png, placeCode, qrPng } from '../../../../../test/images/rendered-codes.ts';
import { findCodeRegions } from './code-finder.ts';
import { edgeOf } from './frame-edge.ts';

const PRODUCT = ean13('690123456789');
const LINK = 'https://www.example.org/zh/products/tea?id=42';

/** A page of printed text, the finder's likeliest false alarm. */
async function textPage(): Promise<Buffer> {
  const lines = Array.from(
    { length: 9 },
    (_, i) =>
      `<text x="30" y="${60 + i * 70}" font-size="44" font-family="Noto Sans CJK SC">${
        i % 2 ? '配料：水、白砂糖、食品添加剂 E330 Ill|| 111' : '回国国圆 Nutrition facts 100 g 营养成分表'
      }</text>`,
  ).join('');
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720"><rect width="960" height="720" fill="#f4f2ee"/>${lines}</svg>`,
    ),
  )
    .png()
    .toBuffer();
}

describe('findCodeRegions', () => {
  it('finds a QR code cut off at the left edge, where the decoder sees nothing', async () => {
    const frame = await placeCode(await qrPng(LINK), { at: { x: 0.05, y: 0.5 }, share: 0.35 });
    expect(findCodeRegions(frame).map(edgeOf)).toEqual(['left']);
  });

  it('finds an EAN-13 cut off at the right edge, upright and tilted', async () => {
    for (const angle of [0, 30]) {
      const frame = await placeCode(await ean13Png(PRODUCT), { at: { x: 0.95, y: 0.5 }, share: 0.5, angle });
      const edges = findCodeRegions(frame).map(edgeOf);
      expect(edges.length, `at ${angle}°`).toBeGreaterThan(0);
      expect(new Set(edges), `at ${angle}°`).toEqual(new Set(['right']));
    }
  });

  it('finds a code at the top and at the bottom', async () => {
    const top = findCodeRegions(await placeCode(await qrPng(LINK), { at: { x: 0.5, y: 0.02 }, share: 0.3 }));
    expect(top.map(edgeOf)).toEqual(['up']);
    const bottom = findCodeRegions(
      await placeCode(await ean13Png(PRODUCT), { at: { x: 0.5, y: 0.97 }, share: 0.5, angle: 90 }),
    );
    expect(new Set(bottom.map(edgeOf))).toEqual(new Set(['down']));
  });

  it('finds nothing on a plain surface or on a page of text', async () => {
    expect(findCodeRegions(await placeCode(null))).toEqual([]);
    const page = await sharp(await textPage())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(
      findCodeRegions({
        data: new Uint8ClampedArray(page.data),
        width: page.info.width,
        height: page.info.height,
      }),
    ).toEqual([]);
  });
});
