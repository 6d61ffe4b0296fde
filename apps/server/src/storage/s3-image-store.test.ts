import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../config/photos-config.ts';
import { S3ImageStore } from './s3-image-store.ts';
import { signRequest } from './sigv4.ts';

interface Seen {
  method: string;
  path: string;
  authorization: string;
}

/**
 * A fake S3 on 127.0.0.1: keeps objects in memory and checks what a real one would: the path
 * (/bucket/key), the Authorization header's shape and signature, and x-amz-content-sha256.
 */
function fakeS3(bucket: string, creds: { accessKeyId: string; secretAccessKey: string }) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const authorization = req.headers.authorization ?? '';
      seen.push({ method: req.method ?? '', path: url.pathname, authorization });
      const fail = (status: number, why: string) => {
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(`<Error><Code>${why}</Code></Error>`);
      };
      const shape =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/us-east-1\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
          authorization,
        );
      if (!shape || shape[1] !== creds.accessKeyId) return fail(403, 'AuthorizationHeaderMalformed');
      const hash = req.headers['x-amz-content-sha256'];
      if (hash !== createHash('sha256').update(body).digest('hex'))
        return fail(400, 'XAmzContentSHA256Mismatch');
      // recompute the signature over what actually arrived (host with port, headers as sent)
      const signedNames = (shape[3] ?? '').split(';');
      const headers = Object.fromEntries(
        signedNames.filter((n) => n !== 'host' && n !== 'x-amz-date').map((n) => [n, String(req.headers[n])]),
      );
      const expected = signRequest({
        method: req.method ?? '',
        url,
        headers,
        payloadHash: hash,
        region: 'us-east-1',
        service: 's3',
        credentials: creds,
        date: new Date(
          String(req.headers['x-amz-date']).replace(
            /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
            '$1-$2-$3T$4:$5:$6Z',
          ),
        ),
      });
      if (expected.authorization !== authorization) return fail(403, 'SignatureDoesNotMatch');
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) return fail(404, 'NoSuchBucket');
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      switch (req.method ?? '') {
        case 'PUT':
          objects.set(key, { body, type: String(req.headers['content-type']) });
          return res.writeHead(200).end();
        case 'GET': {
          const object = objects.get(key);
          if (!object) return fail(404, 'NoSuchKey');
          return res.writeHead(200, { 'content-type': object.type }).end(object.body);
        }
        case 'DELETE':
          objects.delete(key);
          return res.writeHead(204).end();
        default:
          return fail(405, 'MethodNotAllowed');
      }
    });
  });
  return { server, objects, seen };
}

const creds = { accessKeyId: 'AKIATESTFAKE', secretAccessKey: 'secret/for+tests' };
const fake = fakeS3('photos', creds);
let config: S3Config;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  config = {
    bucket: 'photos',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    ...creds,
    forcePathStyle: true,
  };
});
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

describe('S3ImageStore against a fake S3 server', () => {
  it('puts, gets and deletes with signed path-style requests', async () => {
    const store = new S3ImageStore(config);
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7]);
    await store.put('vision/2025-01-02/abc.jpg', bytes, 'image/jpeg');
    expect(fake.objects.get('vision/2025-01-02/abc.jpg')).toEqual({ body: bytes, type: 'image/jpeg' });
    expect(await store.get('vision/2025-01-02/abc.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    await store.delete('vision/2025-01-02/abc.jpg');
    expect(fake.objects.size).toBe(0);
    expect(await store.get('vision/2025-01-02/abc.jpg')).toBeNull();
    expect(fake.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'PUT /photos/vision/2025-01-02/abc.jpg',
      'GET /photos/vision/2025-01-02/abc.jpg',
      'DELETE /photos/vision/2025-01-02/abc.jpg',
      'GET /photos/vision/2025-01-02/abc.jpg',
    ]);
    expect(fake.seen[0]?.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date',
    );
  });

  it('reports a refused request as an error without secrets', async () => {
    const store = new S3ImageStore({ ...config, secretAccessKey: 'wrong-secret' });
    const err = await store.put('x.jpg', Buffer.from('x'), 'image/jpeg').catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('S3 PUT answered HTTP 403');
    expect(String(err)).not.toContain('wrong-secret');
  });
});
