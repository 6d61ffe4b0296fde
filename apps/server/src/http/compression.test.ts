import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness/app-harness.ts';
import { COMPRESS_MIN_BYTES, negotiateEncoding, registerCompression } from './compression.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: '帮我看看 see for me' })) };
const small = { ok: true };

async function appWith(routes: (app: FastifyInstance) => void) {
  const app = Fastify();
  registerCompression(app);
  routes(app);
  await app.ready();
  return app;
}

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compression of API answers', () => {
  it('compresses a JSON answer above the threshold with brotli or gzip, as accepted', async () => {
    const app = await appWith((a) => a.get('/api/big', async () => big));
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(big);

    const gz = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(big);
    await app.close();
  });

  it('sends small answers, and answers to clients that accept no encoding, as they are', async () => {
    const app = await appWith((a) => {
      a.get('/api/small', async () => small);
      a.get('/api/big', async () => big);
    });
    const tiny = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBe('accept-encoding');
    expect(tiny.json()).toEqual(small);
    const plain = await app.inject({ url: '/api/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    await app.close();
  });

  it('leaves other types alone and keeps a Vary that is already there', async () => {
    const app = await appWith((a) => {
      a.get('/photo', async (_request, reply) => reply.type('image/jpeg').send(Buffer.alloc(4096)));
      a.get('/api/cors', async (_request, reply) => reply.header('vary', 'Origin').send(big));
    });
    const photo = await app.inject({ url: '/photo', headers: { 'accept-encoding': 'br' } });
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.headers.vary).toBeUndefined();
    const cors = await app.inject({ url: '/api/cors', headers: { 'accept-encoding': 'br' } });
    expect(cors.headers.vary).toBe('Origin, accept-encoding');
    await app.close();
  });

  it('is part of the assembled server', async () => {
    const t = await createTestApp({ beforeReady: (app) => app.get('/api/test/big', async () => big) });
    try {
      const res = await t.app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(big);
    } finally {
      await t.close();
    }
  });
});
