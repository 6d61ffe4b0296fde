import { describe, expect, it, vi } from 'vitest';
import { ean13, ean13Png, placeCode, qrPng } from '../../../../../test/images/rendered-codes.ts';
import { readBarcodes } from '../../../../../test/zxing-node.ts';
import type { ChannelAction, ChannelCue } from '../live-channel.ts';
import { BarcodeChannel } from './barcode-channel.ts';
import { READ_TONE } from './code-tracker.ts';
import { decodeFrame } from './decode-codes.ts';
import type { FrameDecoder } from './frame-decoder.ts';
import type { LookupProduct } from './product-names.ts';

const TEA = ean13('690123456789');
const LINK = 'https://www.example.org/zh/products/tea?id=42';
const signal = new AbortController().signal;

/** The channel over the real decoder (in this thread), a lookup and a clock the test holds. */
function channel(lookup: LookupProduct = () => Promise.resolve(null)) {
  let now = 0;
  const decoder: FrameDecoder = { decode: (pixels) => decodeFrame(pixels, readBarcodes), dispose: vi.fn() };
  const open = vi.fn();
  const subject = new BarcodeChannel({ decoder, lookup, open, now: () => now });
  const look = async (
    png: Promise<Buffer>,
    placement: Parameters<typeof placeCode>[1] = {},
    at = now + 250,
  ) => {
    now = at;
    const pixels = await placeCode(await png, placement);
    return subject.look({ pixels: pixels as unknown as ImageData, grabbedAt: at }, signal);
  };
  return { subject, look, open, decoder };
}

const said = (cues: ChannelCue[]) => cues.flatMap((c) => (c.say ? [c.say] : []));

describe('the barcode channel on rendered frames', () => {
  it('reads a link QR with the read tone and an 打开链接 button that alone opens it', async () => {
    const { look, open } = channel();
    const cues = await look(qrPng(LINK), { angle: 20, blur: 1 });
    expect(cues[0]).toEqual({ tone: READ_TONE });
    expect(said(cues)).toEqual([
      { key: 'channel-barcode:linkPath', params: { host: 'example.org', path: 'zh products…' } },
    ]);
    const [button] = cues.flatMap((c) => c.controls ?? []) as ChannelAction[];
    expect(button?.label).toEqual({ key: 'channel-barcode:openLink', params: undefined });
    expect(open).not.toHaveBeenCalled();
    await button!.run();
    expect(open).toHaveBeenCalledWith(LINK);
    // the same code still in view: nothing more
    expect(await look(qrPng(LINK), { angle: 20, blur: 1 })).toEqual([]);
  });

  it('names a payment code and offers nothing to open', async () => {
    const { look } = channel();
    const cues = await look(qrPng('wxp://f2f0Qx3mI8dTgW0k1bYhJw2pLcN5sVeR7uZ'));
    expect(said(cues)).toEqual([{ key: 'channel-barcode:payment.wechat', params: undefined }]);
    expect(cues.flatMap((c) => c.controls ?? [])).toEqual([]);
  });

  it('says the side of a code cut off at the edge, with a tone, before it can be read', async () => {
    const { look } = channel();
    const cues = await look(qrPng(LINK), { at: { x: 0.05, y: 0.5 }, share: 0.35 });
    expect(cues[0]?.tone).toBeDefined();
    expect(said(cues)).toEqual([{ key: 'channel-barcode:edge.left' }]);
  });

  it('reads a product with its name from the list on the next frame, which it looks at even unchanged', async () => {
    let answer: (a: { name: string; notes: string }) => void = () => undefined;
    const asked: string[] = [];
    const { subject, look } = channel((code) => {
      asked.push(code);
      return new Promise((resolve) => (answer = resolve));
    });
    const first = await look(ean13Png(TEA), { angle: 15, blur: 1, share: 0.45 });
    expect(first).toEqual([{ tone: READ_TONE }, { hush: true }]);
    expect(asked).toEqual([TEA]);
    expect(subject.skipUnchanged).toBe(false);
    answer({ name: '茉莉花茶', notes: '' });
    await Promise.resolve();
    const next = await look(ean13Png(TEA), { angle: 15, blur: 1, share: 0.45 });
    expect(said(next)).toEqual([
      {
        key: 'channel-barcode:productNamed',
        params: { name: '茉莉花茶', notes: '', digits: TEA.split('').join(' ') },
      },
    ]);
    expect(subject.skipUnchanged).toBe(true);
  });

  it('says a product’s name with its tone when the list answers at once', async () => {
    const { look } = channel(() => Promise.resolve({ name: '全脂牛奶', notes: '含乳糖' }));
    const cues = await look(ean13Png(TEA), { share: 0.45 });
    expect(cues).toEqual([
      { tone: READ_TONE },
      {
        say: {
          key: 'channel-barcode:productNamedNotes',
          params: { name: '全脂牛奶', notes: '含乳糖', digits: TEA.split('').join(' ') },
        },
        controls: [],
        interrupt: true,
      },
    ]);
  });

  it('releases its decoder and lookups when the mode ends', () => {
    const { subject, decoder } = channel();
    subject.dispose();
    expect(decoder.dispose).toHaveBeenCalled();
  });
});
