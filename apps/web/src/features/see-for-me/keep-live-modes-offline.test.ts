import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SceneModeEntry } from './scene-modes.ts';

/** A fresh copy of the module: it keeps, once per page life, whether it ran. */
const load = async () => (await import('./keep-live-modes-offline.ts')).keepLiveModesOffline;

const mode = (keepOffline?: () => Promise<void>) => ({ keepOffline }) as SceneModeEntry;

describe('keepLiveModesOffline', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: Promise.resolve() },
      configurable: true,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'connection');
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('runs each distinct keeper once, one after the other, in an idle moment, once per page life', async () => {
    const keepOffline = await load();
    const order: string[] = [];
    let finishOcr!: () => void;
    const ocr = vi.fn(
      () =>
        new Promise<void>((done) => {
          order.push('ocr');
          finishOcr = done;
        }),
    );
    const other = vi.fn(() => {
      order.push('other');
      return Promise.resolve();
    });
    keepOffline([mode(ocr), mode(), mode(ocr), mode(other)]);
    expect(ocr).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(ocr).toHaveBeenCalledTimes(1));
    expect(other).not.toHaveBeenCalled();
    finishOcr();
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(1));
    keepOffline([mode(ocr), mode(other)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['ocr', 'other']);
  });

  it('waits for the service worker: without one, fetches nothing', async () => {
    let active!: () => void;
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: new Promise<void>((done) => (active = done)) },
      configurable: true,
    });
    const keepOffline = await load();
    const ocr = vi.fn(() => Promise.resolve());
    keepOffline([mode(ocr)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(ocr).not.toHaveBeenCalled();
    active();
    await vi.waitFor(() => expect(ocr).toHaveBeenCalledTimes(1));

    vi.resetModules();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const withoutWorker = await load();
    withoutWorker([mode(ocr)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(ocr).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing when the browser asks to save data', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const keepOffline = await load();
    const ocr = vi.fn(() => Promise.resolve());
    keepOffline([mode(ocr)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(ocr).not.toHaveBeenCalled();
  });

  it('tries again the next time the page opens when fetching failed (offline already)', async () => {
    const keepOffline = await load();
    const ocr = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(undefined);
    keepOffline([mode(ocr)]);
    await vi.waitFor(() => expect(ocr).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    keepOffline([mode(ocr)]);
    await vi.waitFor(() => expect(ocr).toHaveBeenCalledTimes(2));
  });
});
