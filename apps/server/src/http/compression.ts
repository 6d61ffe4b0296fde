import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this a JSON answer goes as it is: compressing it would save less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Compression done while serving (in libuv's threads): API answers, and HTML made at run time. */
export const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  // quality 4: most of brotli's gain at a small part of its cost (11, the default, is for build time)
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (data) => promisify(gzip)(data),
};

/**
 * The encoding to answer with: brotli, else gzip, whichever the Accept-Encoding header allows
 * (`q=0` refuses one, `*` stands for any). Undefined: send as it is.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((e) => weight(e) > 0);
  return best.sort((a, b) => weight(b) - weight(a))[0];
}

/** Adds `accept-encoding` to the Vary header, keeping what is there (CORS adds Origin). */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((v) => v.trim());
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * Compresses JSON answers of COMPRESS_MIN_BYTES and more on the fly (lists, analysis results); the
 * web app's files come precompressed from the build (web-app.ts). Streams and other types (photos,
 * audio) go as they are.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || reply.getHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    varyOnEncoding(reply);
    const body = Buffer.from(payload);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding || body.length < COMPRESS_MIN_BYTES) return payload;
    const compressed = await compressors[encoding](body);
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}
