import { describe, expect, it, vi } from 'vitest';
import type { LiveFrame } from '../live-channel.ts';
import type { OcrClient, OcrLine } from '../ocr/ocr-client.ts';
import { createTextChannel } from './index.ts';

const frame = (): LiveFrame => ({
  pixels: { data: new Uint8ClampedArray(16), width: 2, height: 2, colorSpace: 'srgb' } as ImageData,
  grabbedAt: 0,
});
const line = (text: string): OcrLine => ({
  text,
  score: 0.96,
  box: { x: 0, y: 0, width: 9, height: 3 },
  row: 0,
});

function fakeOcr(readings: (OcrLine[] | Error | DOMException)[]) {
  const ocr: OcrClient = {
    ready: Promise.resolve(),
    engine: 'device',
    detectLines: () => Promise.resolve([]),
    readLines: () => {
      const next = readings.shift() ?? [];
      return Array.isArray(next) ? Promise.resolve(next) : Promise.reject(next);
    },
    dispose: vi.fn<() => void>(),
  };
  return ocr;
}

describe('createTextChannel', () => {
  it('reads what the OCR finds, through the instant-text rules', async () => {
    const channel = await createTextChannel({ ocr: fakeOcr([[line('出口')], [line('出口')]]), now: () => 0 });
    const signal = new AbortController().signal;
    expect((await channel.look(frame(), signal)).map((c) => c.say)).toContainEqual({ text: '出口' });
    expect(await channel.look(frame(), signal)).toEqual([]);
    expect(channel.skipUnchanged).toBe(true);
  });

  it('says once that text cannot be read while readings fail, and again after one succeeded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fail = new Error('offline');
    const channel = await createTextChannel({ ocr: fakeOcr([fail, fail, [], fail]), now: () => 0 });
    const signal = new AbortController().signal;
    const unavailable = [{ say: { key: 'channel-text:unavailable' } }];
    expect(await channel.look(frame(), signal)).toEqual(unavailable);
    expect(await channel.look(frame(), signal)).toEqual([]);
    expect(await channel.look(frame(), signal)).toEqual([]);
    expect(await channel.look(frame(), signal)).toEqual(unavailable);
  });

  it('a cancelled frame says nothing; the mode’s end releases the OCR', async () => {
    const ocr = fakeOcr([new DOMException('cancelled', 'AbortError')]);
    const channel = await createTextChannel({ ocr });
    const controller = new AbortController();
    controller.abort();
    await expect(channel.look(frame(), controller.signal)).rejects.toThrow('cancelled');
    const dispose = vi.spyOn(ocr, 'dispose');
    channel.dispose();
    expect(dispose).toHaveBeenCalled();
  });
});
