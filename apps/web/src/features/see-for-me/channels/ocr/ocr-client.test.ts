import { describe, expect, it, vi } from 'vitest';
import type { DeviceOcr } from './device-ocr.ts';
import { DEVICE_BUDGET_MS, TIMED_READINGS } from './engine-choice.ts';
import { createOcrClient, type OcrLine } from './ocr-client.ts';

const frame = { data: new Uint8ClampedArray(4 * 4 * 4), width: 4, height: 4 };
const line = (text: string): OcrLine => ({
  text,
  score: 0.95,
  box: { x: 0, y: 0, width: 2, height: 1 },
  row: 0,
});

/** A device whose every reading takes `ms` on the injected clock. */
function fakeDevice(ms: number, clock: { t: number }, loads = true): DeviceOcr & { reads: number } {
  const device = {
    reads: 0,
    load: () => (loads ? Promise.resolve() : Promise.reject(new Error('no wasm'))),
    detect: () => Promise.resolve([{ x: 1, y: 1, width: 2, height: 1, angle: 0, score: 0.9 }]),
    read: () => {
      device.reads += 1;
      clock.t += ms;
      return Promise.resolve([line('设备')]);
    },
    dispose: vi.fn(),
  };
  return device;
}

const signal = () => new AbortController().signal;

describe('createOcrClient', () => {
  it('reads on the device while it keeps within the budget; the server is never asked', async () => {
    const clock = { t: 0 };
    const server = vi.fn(() => Promise.resolve([line('服务器')]));
    const ocr = createOcrClient({ device: fakeDevice(400, clock), server, forced: null, now: () => clock.t });
    await ocr.ready;
    for (let i = 0; i < 8; i++) expect(await ocr.readLines(frame, signal())).toEqual([line('设备')]);
    expect(server).not.toHaveBeenCalled();
    expect(ocr.engine).toBe('device');
  });

  it('a device slower than the budget hands the frames to the server after a few readings', async () => {
    const clock = { t: 0 };
    const device = fakeDevice(DEVICE_BUDGET_MS + 500, clock);
    const server = vi.fn(() => Promise.resolve([line('服务器')]));
    const ocr = createOcrClient({ device, server, forced: null, now: () => clock.t });
    await ocr.ready;
    for (let i = 0; i < TIMED_READINGS; i++) await ocr.readLines(frame, signal());
    expect(ocr.engine).toBe('server');
    expect(await ocr.readLines(frame, signal(), { extent: 'all' })).toEqual([line('服务器')]);
    expect(server).toHaveBeenCalledWith(frame, 'all', expect.any(AbortSignal));
    expect(device.reads).toBe(TIMED_READINGS);
  });

  it('moved to the server, a frame the server cannot take is still read on the device', async () => {
    const clock = { t: 0 };
    let offline = false;
    const server = vi.fn(() =>
      offline ? Promise.reject(new Error('offline')) : Promise.resolve([line('服务器')]),
    );
    const ocr = createOcrClient({
      device: fakeDevice(DEVICE_BUDGET_MS * 2, clock),
      server,
      forced: null,
      now: () => clock.t,
    });
    await ocr.ready;
    for (let i = 0; i < TIMED_READINGS; i++) await ocr.readLines(frame, signal());
    expect(await ocr.readLines(frame, signal())).toEqual([line('服务器')]);
    offline = true;
    expect(await ocr.readLines(frame, signal())).toEqual([line('设备')]);
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('forced to the server, the device’s models are never loaded', async () => {
    const device = fakeDevice(10, { t: 0 });
    const load = vi.spyOn(device, 'load');
    const ocr = createOcrClient({
      device,
      server: () => Promise.resolve([line('服务器')]),
      forced: 'server',
    });
    await ocr.ready;
    expect(await ocr.readLines(frame, signal())).toEqual([line('服务器')]);
    expect(load).not.toHaveBeenCalled();
  });

  it('a device whose models do not load reads on the server; its failure is the reading’s', async () => {
    const clock = { t: 0 };
    const server = vi
      .fn()
      .mockResolvedValueOnce([line('服务器')])
      .mockRejectedValueOnce(new Error('offline'));
    const ocr = createOcrClient({
      device: fakeDevice(10, clock, false),
      server,
      forced: null,
      now: () => clock.t,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await ocr.ready;
    expect(ocr.engine).toBe('server');
    expect(await ocr.readLines(frame, signal())).toEqual([line('服务器')]);
    await expect(ocr.readLines(frame, signal())).rejects.toThrow('offline');
  });

  it('detects on the device; on the server, the lines read stand for the boxes', async () => {
    const clock = { t: 0 };
    const device = createOcrClient({ device: fakeDevice(10, clock), forced: 'device' });
    expect(await device.detectLines(frame, signal())).toHaveLength(1);
    const server = createOcrClient({
      device: fakeDevice(10, clock),
      server: () => Promise.resolve([line('出口')]),
      forced: 'server',
    });
    expect(await server.detectLines(frame, signal())).toEqual([
      { x: 0, y: 0, width: 2, height: 1, angle: 0, score: 0.95 },
    ]);
  });

  it('asks the device for the extent and detector size given', async () => {
    const device = fakeDevice(10, { t: 0 });
    const read = vi.spyOn(device, 'read');
    const ocr = createOcrClient({ device, forced: 'device' });
    await ocr.readLines(frame, signal(), { detectorSide: 480 });
    await ocr.readLines(frame, signal(), { extent: 'all' });
    expect(read.mock.calls.map((c) => c[1])).toEqual([
      { extent: 'prominent', detectorSide: 480 },
      { extent: 'all' },
    ]);
  });

  it('while the models load, the server reads (from the first frame); once loaded, the device', async () => {
    const clock = { t: 0 };
    const device = fakeDevice(10, clock);
    let loaded = () => undefined as void;
    device.load = () => new Promise<void>((resolve) => (loaded = resolve));
    const server = vi.fn(() => Promise.resolve([line('服务器')]));
    const ocr = createOcrClient({ device, server, forced: null, now: () => clock.t });
    expect(await ocr.readLines(frame, signal())).toEqual([line('服务器')]);
    loaded();
    await ocr.ready;
    expect(await ocr.readLines(frame, signal())).toEqual([line('设备')]);
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('while the models load offline, the device reads the frame once they are loaded', async () => {
    const device = fakeDevice(10, { t: 0 });
    device.load = () => new Promise<void>(() => undefined);
    const ocr = createOcrClient({ device, server: () => Promise.reject(new Error('offline')), forced: null });
    // the fake device reads at once; the worker would first finish loading
    expect(await ocr.readLines(frame, signal())).toEqual([line('设备')]);
  });

  it('forced to the device, the server is not asked even while the models load', async () => {
    const device = fakeDevice(10, { t: 0 });
    device.load = () => new Promise<void>(() => undefined);
    const server = vi.fn(() => Promise.resolve([line('服务器')]));
    const ocr = createOcrClient({ device, server, forced: 'device' });
    expect(await ocr.readLines(frame, signal())).toEqual([line('设备')]);
    expect(server).not.toHaveBeenCalled();
  });

  it('the mode’s end releases the device', () => {
    const device = fakeDevice(10, { t: 0 });
    createOcrClient({ device, forced: null }).dispose();
    expect(device.dispose).toHaveBeenCalled();
  });
});
