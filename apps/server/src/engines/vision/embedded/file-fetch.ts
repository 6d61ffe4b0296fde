/**
 * Human loads its model JSON/weights and the tfjs wasm binary with `fetch`, and Node's fetch does not
 * do file:// URLs. While models load, file:// requests are answered from disk; every other request
 * goes to the real fetch, and the original is put back afterwards.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const CONTENT_TYPES: Record<string, string> = { '.json': 'application/json', '.wasm': 'application/wasm' };

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export async function withFileFetch<T>(load: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = urlOf(input);
    if (!url.startsWith('file:')) return realFetch(input, init);
    try {
      const body = await readFile(fileURLToPath(url));
      const type = CONTENT_TYPES[url.slice(url.lastIndexOf('.'))] ?? 'application/octet-stream';
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    } catch {
      return new Response(null, { status: 404 });
    }
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = realFetch;
  }
}
