import { describe, expect, it } from 'vitest';
import { ean13, ean13Png, placeCode, qrPng } from '../../../../../test/images/rendered-codes.ts';
import { readBarcodes, writtenPng } from '../../../../../test/zxing-node.ts';
import { decodeFrame } from './decode-codes.ts';

const PRODUCT = ean13('690123456789');
const PAYMENT = 'wxp://f2f0Qx3mI8dTgW0k1bYhJw2pLcN5sVeR7uZ';
const LINK = 'https://www.example.org/zh/products/tea?id=42';

const decoded = async (png: Promise<Buffer>, placement: Parameters<typeof placeCode>[1]) => {
  const frame = await placeCode(await png, placement);
  return (await decodeFrame(frame, readBarcodes)).codes.filter((c) => c.valid).map((c) => c.text);
};

describe('decodeFrame on rendered codes', () => {
  it.each([0, 15, 30, -30])('reads an EAN-13 at %i° with mild blur', async (angle) => {
    expect(await decoded(ean13Png(PRODUCT), { angle, blur: 1, share: 0.45 })).toEqual([PRODUCT]);
  });

  it.each([0, 20, 30, 45])('reads a payment QR and a link QR at %i° with mild blur', async (angle) => {
    expect(await decoded(qrPng(PAYMENT), { angle, blur: 1.2, share: 0.35 })).toEqual([PAYMENT]);
    expect(await decoded(qrPng(LINK), { angle, blur: 1.2, share: 0.35 })).toEqual([LINK]);
  });

  it('says where the code is, as shares of the frame', async () => {
    const frame = await placeCode(await qrPng(LINK), { at: { x: 0.25, y: 0.5 }, share: 0.3 });
    const [code] = (await decodeFrame(frame, readBarcodes)).codes;
    expect(code?.format).toBe('QRCode');
    expect(code!.box.left).toBeGreaterThan(0.1);
    expect(code!.box.right).toBeLessThan(0.4);
  });

  it('reads Code 128 and Data Matrix', async () => {
    expect(
      await decoded(writtenPng('SF1234567890', 'Code128'), { angle: 10, blur: 0.8, share: 0.5 }),
    ).toEqual(['SF1234567890']);
    expect(
      await decoded(writtenPng('批号 2025-01', 'DataMatrix', 6), { angle: 25, blur: 0.8, share: 0.25 }),
    ).toEqual(['批号 2025-01']);
  });

  it('reads nothing on a frame without a code, nor on one where the code is cut off', async () => {
    expect((await decodeFrame(await placeCode(null), readBarcodes)).codes).toEqual([]);
    expect(await decoded(qrPng(LINK), { at: { x: 0.05, y: 0.5 }, share: 0.35 })).toEqual([]);
  });
});
