import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepOcrAssets, OCR_ASSET_URLS, ocrAssetBytes } from './ocr-assets.ts';

/** Cache Storage as one cache in memory (jsdom has none). */
function memoryCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    match: async (url: string) => entries.get(url)?.clone(),
    put: async (url: string, response: Response) => void entries.set(url, response),
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (request: Request) => entries.delete(request.url),
  };
  return { open: async () => cache, entries };
}

/** Web Locks as the browser grants them: one holder per name, the others wait in turn. */
function memoryLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(task);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

let caches: ReturnType<typeof memoryCaches>;
const fetched: string[] = [];

beforeEach(() => {
  caches = memoryCaches();
  fetched.length = 0;
  vi.stubGlobal('caches', caches);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      // a download that takes a moment, so that the two contexts overlap
      await new Promise((done) => setTimeout(done, 5));
      return new Response(new Uint8Array([1, 2, 3]));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the OCR files kept for offline use', () => {
  it('the page keeping them and the worker needing one download each file once', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: memoryLocks() });
    const [, bytes] = await Promise.all([keepOcrAssets(), ocrAssetBytes(OCR_ASSET_URLS.recognition)]);
    expect(new Uint8Array(bytes)).toEqual(new Uint8Array([1, 2, 3]));
    expect(fetched.toSorted()).toEqual(Object.values(OCR_ASSET_URLS).toSorted());
    expect(caches.entries.size).toBe(3);
  });

  it('a kept file is read from the cache, with no download', async () => {
    await keepOcrAssets();
    fetched.length = 0;
    const bytes = await ocrAssetBytes(OCR_ASSET_URLS.detection);
    expect(bytes.byteLength).toBe(3);
    expect(fetched).toEqual([]);
  });

  it('without Web Locks, each still works on its own', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const bytes = await ocrAssetBytes(OCR_ASSET_URLS.runtime);
    expect(bytes.byteLength).toBe(3);
    await keepOcrAssets();
    expect(fetched.filter((url) => url === OCR_ASSET_URLS.runtime)).toHaveLength(1);
  });
});
