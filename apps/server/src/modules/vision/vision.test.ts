import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MAX_IMAGE_BASE64_CHARS, MAX_IMAGE_BYTES } from '@sfm/protocol';
import { endpoints } from '@sfm/protocol/gathered';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, visionImages } from '../../db/core-schema.ts';
import { pointsHolds } from '../../db/points-schema.ts';
import { createLogger } from '../../logger.ts';
import { LocalImageStore } from '../../storage/local-image-store.ts';
import {
  registerWithCode,
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type CallResult,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { engineFailure, FakeVisionEngine } from '../../../test/fakes/vision-engine.ts';
import { VisionImagesRepo } from './repo.ts';
import { sweepExpiredImages } from './retention.ts';
import { testPhoto } from '../../../test/fixtures/test-photo.ts';

let t: TestApp;
let engine: FakeVisionEngine;
let seq = 0;
const newPhone = () => `137${String(10_000_000 + ++seq).slice(-8)}`;
const newDevice = () => `device_${Date.now()}_${String(++seq).padStart(6, '0')}`;
const deviceHeaders = (deviceId: string) => ({ deviceId, userType: 'temporary' });

const photo = (width = 64, height = 48) => testPhoto(width, height);
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  engine = t.vision as FakeVisionEngine;
  jpeg = await photo().jpeg().toBuffer();
});
afterAll(() => t.close());

async function registeredUser(): Promise<Record<string, string>> {
  const session = expectOk(
    endpoints.register,
    await registerWithCode(t, { phone: newPhone(), password: 'password123' }),
  );
  return auth(session.token);
}

function analyze(
  body: Record<string, unknown>,
  headers: Record<string, string> = deviceHeaders(newDevice()),
  app = t.app,
): Promise<CallResult> {
  return call(app, endpoints.visionAnalyze, body, headers);
}

async function imageFiles(dataDir = t.dataDir): Promise<string[]> {
  const root = path.join(dataDir, 'images');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const rowsOf = (ownerId: string) =>
  t.database.db.select().from(visionImages).where(eq(visionImages.ownerId, ownerId));

function getImage(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('POST /api/vision/analyze: input checks', () => {
  const invalid = '图片数据无效';

  it('refuses text that is not base64, an empty image and a data: prefix', async () => {
    for (const image of ['abc$%^', '', 'data:image/jpeg;base64,/9j/4AAQ', 'QUJDRA=x', 'QUJDR']) {
      const res = await analyze({ image, scenario: 'observe' });
      expectError(res, 400, 'image_invalid', invalid);
      expect(res.body.data).toEqual({ error: 'image_invalid', field: 'image' });
    }
  });

  it('refuses an image over 8 MB decoded, and a longer base64 text', async () => {
    const justOver = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff).toString('base64');
    expectError(await analyze({ image: justOver, scenario: 'observe' }), 413, 'image_too_large', '图片过大');
    const tooLong = 'A'.repeat(MAX_IMAGE_BASE64_CHARS + 4);
    expectError(await analyze({ image: tooLong, scenario: 'observe' }), 413, 'image_too_large', '图片过大');
  });

  it('answers 413 when the body is over BODY_LIMIT_BYTES', async () => {
    const res = await analyze({ image: 'A'.repeat(13 * 1024 * 1024), scenario: 'observe' });
    expectError(res, 413, 'body_too_large');
  });

  it.each([false, true])(
    'refuses GIF, text, garbage and a truncated JPEG as "invalid image data" (engine reads pixels: %s)',
    async (readsPixels) => {
      engine.readsPixels = readsPixels;
      const gif = await photo().gif().toBuffer();
      const cases = {
        gif,
        text: Buffer.from('这不是图片 this is not an image'),
        garbage: Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
        truncatedJpeg: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        jpegHeaderOnly: jpeg.subarray(0, 3),
      };
      const device = deviceHeaders(newDevice());
      for (const [name, bytes] of Object.entries(cases)) {
        const res = await analyze({ image: bytes.toString('base64'), scenario: 'reading' }, device);
        expect(res.status, name).toBe(400);
        expectError(res, 400, 'image_invalid', invalid);
      }
      expect(engine.requests.length).toBe(0);
      engine.readsPixels = false;
    },
  );

  it('refuses a missing, unknown or move_lite scenario (move_lite travels as move + compression lite)', async () => {
    const image = jpeg.toString('base64');
    for (const body of [{ image }, { image, scenario: 'party' }, { image, scenario: 'move_lite' }]) {
      const res = await analyze(body);
      expectError(res, 400, 'scenario_invalid', '不支持的场景模式');
      expect(res.body.data).toMatchObject({ field: 'scenario' });
    }
  });

  it('needs an identity: 401 without token or deviceId', async () => {
    expectError(
      await analyze({ image: jpeg.toString('base64'), scenario: 'observe' }, {}),
      401,
      'unauthorized',
    );
  });
});

describe('POST /api/vision/analyze: answers', () => {
  it('describes the photo for a registered user and stores it for them', async () => {
    const headers = await registeredUser();
    const data = expectOk(
      endpoints.visionAnalyze,
      await analyze(
        { image: jpeg.toString('base64'), scenario: 'qa', prompt: '这是什么？', verbosity: 'detailed' },
        headers,
      ),
    );
    expect(data.description).toBe('前方是一张测试图片（qa）');
    expect(data.imageUrl).toMatch(/^\/api\/vision\/images\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]{43}$/);
    const seen = engine.requests.at(-1);
    expect(seen).toMatchObject({ scenario: 'qa', prompt: '这是什么？', verbosity: 'detailed' });
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
    expect((await sharp(seen?.image).metadata()).format).toBe('jpeg');
    const id = /images\/([^?]+)/.exec(data.imageUrl)?.[1] ?? '';
    const [row] = await t.database.db.select().from(visionImages).where(eq(visionImages.id, id));
    expect(row).toMatchObject({ ownerKind: 'user', scenario: 'qa', contentType: 'image/jpeg' });
    expect((await imageFiles()).some((f) => f.endsWith(`${id}.jpg`))).toBe(true);
  });

  it('works for a temporary device, and accepts PNG and WebP', async () => {
    const deviceId = newDevice();
    // each its own question: the same answer to the same question moments later is not stored again
    for (const [bytes, prompt] of [
      [await photo().png().toBuffer(), 'PNG'],
      [await photo().webp().toBuffer(), 'WebP'],
    ] as const) {
      const data = expectOk(
        endpoints.visionAnalyze,
        await analyze(
          { image: bytes.toString('base64'), scenario: 'observe', prompt },
          deviceHeaders(deviceId),
        ),
      );
      expect(data.description).toContain('observe');
    }
    const rows = await rowsOf(deviceId);
    expect(rows.map((r) => r.ownerKind)).toEqual(['device', 'device']);
  });

  it('turns an EXIF-rotated phone photo upright and honours compression lite', async () => {
    const rotated = await photo(200, 100).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const data = expectOk(
      endpoints.visionAnalyze,
      await analyze({ image: rotated.toString('base64'), scenario: 'move' }),
    );
    const upright = await sharp(engine.requests.at(-1)?.image).metadata();
    expect([upright.width, upright.height]).toEqual([100, 200]);
    expect(upright.orientation ?? 1).toBe(1);
    const served = await getImage(data.imageUrl);
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([100, 200]);

    const big = await photo(1000, 600).jpeg().toBuffer();
    await analyze({ image: big.toString('base64'), scenario: 'move', compression: 'lite' });
    const lite = await sharp(engine.requests.at(-1)?.image).metadata();
    expect(Math.max(lite.width ?? 0, lite.height ?? 0)).toBe(140);
  });

  it('limits analyses per identity (VISION_RATE_LIMIT_PER_MINUTE) with 429, and per address at three times that', async () => {
    const limited = await createTestApp({ database: t.database, config: { visionRateLimitPerMinute: 2 } });
    // an address of its own: the analyses of the other tests come from 127.0.0.1
    const from = (remoteAddress: string) => async (body: object, headers: Record<string, string>) => {
      const res = await limited.app.inject({
        method: 'POST',
        url: endpoints.visionAnalyze.path,
        headers,
        payload: body,
        remoteAddress,
      });
      return { status: res.statusCode, headers: res.headers, body: res.json() } as CallResult;
    };
    try {
      const analyzeHere = from('10.1.2.3');
      const device = deviceHeaders(newDevice());
      const body = { image: jpeg.toString('base64'), scenario: 'observe' };
      expectOk(endpoints.visionAnalyze, await analyzeHere(body, device));
      expectOk(endpoints.visionAnalyze, await analyzeHere({ ...body, prompt: '再看' }, device));
      const res = await analyzeHere(body, device);
      expectError(res, 429, 'rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // another device has its own allowance, until the address has used three identities' worth
      // (the refused call counts for the address too: 3 + 3 = 6)
      for (let i = 0; i < 3; i++) {
        expectOk(
          endpoints.visionAnalyze,
          await analyzeHere({ ...body, prompt: `${i}` }, deviceHeaders(newDevice())),
        );
      }
      expectError(await analyzeHere(body, deviceHeaders(newDevice())), 429, 'rate_limited');
      expectOk(endpoints.visionAnalyze, await from('10.1.2.4')(body, deviceHeaders(newDevice())));
    } finally {
      await limited.close();
    }
  });

  it('answers 502 vision_failed when the engine fails, logging no image bytes and no stack in the answer', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const failing = new FakeVisionEngine();
    const app = await createTestApp({ database: t.database, visionEngine: failing, logger });
    try {
      const deviceId = newDevice();
      const image = jpeg.toString('base64');
      for (const failure of [engineFailure(), new TypeError('model exploded')]) {
        failing.failWith = failure;
        const res = await analyze({ image, scenario: 'observe' }, deviceHeaders(deviceId), app.app);
        expectError(res, 502, 'vision_failed', '图片分析失败，请重试');
        const text = JSON.stringify(res.body);
        expect(text).not.toMatch(/stack|Error|exploded|at /);
      }
      const failures = lines.filter((l) => l.includes('vision analysis failed'));
      expect(failures).toHaveLength(2);
      expect(failures[0]).toContain('HTTP 500');
      for (const line of lines) expect(line).not.toContain(image.slice(0, 40));
      expect(await rowsOf(deviceId)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the analyses record (what the back office counts)', () => {
  const analysesOf = (deviceId: string) =>
    t.database.db.select().from(analyses).where(eq(analyses.deviceId, deviceId));

  it('records each analysis with scenario, engine, duration, outcome and caller, failed ones too', async () => {
    const deviceId = newDevice();
    const image = jpeg.toString('base64');
    expectOk(endpoints.visionAnalyze, await analyze({ image, scenario: 'reading' }, deviceHeaders(deviceId)));
    engine.failWith = engineFailure();
    try {
      expectError(
        await analyze({ image, scenario: 'observe' }, deviceHeaders(deviceId)),
        502,
        'vision_failed',
      );
    } finally {
      engine.failWith = null;
    }
    // a refused upload is no analysis
    await analyze({ image: 'AAAA', scenario: 'observe' }, deviceHeaders(deviceId));
    const rows = await analysesOf(deviceId);
    expect(rows.map((r) => [r.scenario, r.outcome, r.engine, r.userId]).sort()).toEqual([
      ['observe', 'failed', engine.name, null],
      ['reading', 'ok', engine.name, null],
    ]);
    expect(rows.every((r) => r.durationMs >= 0)).toBe(true);
  });
});

describe('GET /api/vision/images/:id', () => {
  let owner: Record<string, string>;
  let imageUrl: string;
  let bare: string;

  beforeAll(async () => {
    owner = await registeredUser();
    ({ imageUrl } = expectOk(
      endpoints.visionAnalyze,
      await analyze({ image: jpeg.toString('base64'), scenario: 'observe' }, owner),
    ));
    bare = imageUrl.split('?')[0] ?? '';
  });

  it('serves the JPEG with the signed URL alone, privately cached, not sniffable', async () => {
    const res = await getImage(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('serves it to the owner by identity headers, without a signature', async () => {
    const res = await getImage(bare, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 to anyone else, without revealing that the image exists', async () => {
    const notFound = (res: Awaited<ReturnType<typeof getImage>>) => {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 404,
        message: '图片不存在或已过期',
        data: { error: 'image_not_found' },
      });
    };
    notFound(await getImage(bare));
    notFound(await getImage(bare, await registeredUser()));
    notFound(await getImage(bare, deviceHeaders(newDevice())));
    notFound(await getImage(bare, { token: 'not-a-token' }));
    const sig = /sig=([\w-]+)/.exec(imageUrl)?.[1] ?? '';
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    notFound(await getImage(imageUrl.replace(sig, flipped)));
    const exp = Number(/exp=(\d+)/.exec(imageUrl)?.[1]);
    notFound(await getImage(imageUrl.replace(`exp=${exp}`, `exp=${exp + 3600}`)));
    notFound(
      await getImage(`/api/vision/images/00000000-0000-4000-8000-000000000000${imageUrl.slice(bare.length)}`),
    );
    notFound(await getImage('/api/vision/images/not-a-uuid'));
  });

  it('stops honouring the signature after IMAGE_URL_TTL_SECONDS; the owner still gets it', async () => {
    // a device owner: a user's access token would itself expire over the hour
    const device = deviceHeaders(newDevice());
    const data = expectOk(
      endpoints.visionAnalyze,
      await analyze({ image: jpeg.toString('base64'), scenario: 'observe' }, device),
    );
    t.clock.advance(3599);
    expect((await getImage(data.imageUrl)).statusCode).toBe(200);
    t.clock.advance(2);
    expect((await getImage(data.imageUrl)).statusCode).toBe(404);
    expect((await getImage(data.imageUrl.split('?')[0] ?? '', device)).statusCode).toBe(200);
  });
});

describe('a cancelled analysis leaves nothing behind', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** Starts a real HTTP analysis, then drops the connection once the engine is working on it. */
  async function abandon(identity: Record<string, string>): Promise<void> {
    const started = engine.nextStart();
    const req = http.request(`${base}${endpoints.visionAnalyze.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...identity },
    });
    req.on('error', () => undefined); // the socket is destroyed on purpose
    req.end(JSON.stringify({ image: jpeg.toString('base64'), scenario: 'observe' }));
    await started;
    req.destroy();
  }

  const waitFor = async (what: () => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (!what()) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('aborts the engine and stores neither file nor row', async () => {
    const filesBefore = await imageFiles();
    engine.delayMs = 5000;
    try {
      const deviceId = newDevice();
      await abandon(deviceHeaders(deviceId));
      const signal = engine.requests.at(-1)?.signal;
      await waitFor(() => signal?.aborted === true);
      await new Promise((r) => setTimeout(r, 100));
      expect(await rowsOf(deviceId)).toEqual([]);
      expect(await imageFiles()).toEqual(filesBefore);
    } finally {
      engine.delayMs = 0;
    }
  });

  it('discards the answer of an engine that finishes after the client left', async () => {
    const filesBefore = await imageFiles();
    engine.delayMs = 300;
    engine.honourAbort = false;
    try {
      const deviceId = newDevice();
      await abandon(deviceHeaders(deviceId));
      await new Promise((r) => setTimeout(r, 600));
      expect(await rowsOf(deviceId)).toEqual([]);
      expect(await imageFiles()).toEqual(filesBefore);
    } finally {
      engine.delayMs = 0;
      engine.honourAbort = true;
    }
  });

  it('charges a user who left nothing, and keeps no points held for them', async () => {
    const user = await registeredUser();
    const holds = async () => (await t.database.db.select().from(pointsHolds)).length;
    const heldBefore = await holds();
    engine.delayMs = 5000;
    try {
      await abandon(user);
      const signal = engine.requests.at(-1)?.signal;
      await waitFor(() => signal?.aborted === true);
      // reserved before the engine started, given back once the abort has gone through
      await expect.poll(holds).toBe(heldBefore);
    } finally {
      engine.delayMs = 0;
    }
    const consumed = expectOk(
      endpoints.pointsLogs,
      await call(t.app, endpoints.pointsLogs, { type: 'consume' }, user),
    );
    expect(consumed.logs).toEqual([]);
  });

  it('still answers a client that stays', async () => {
    const res = await fetch(`${base}${endpoints.visionAnalyze.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', deviceid: newDevice() },
      body: JSON.stringify({ image: jpeg.toString('base64'), scenario: 'reading' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('retention', () => {
  it('deletes records and files older than IMAGE_RETENTION_HOURS, and only those', async () => {
    const headers = deviceHeaders(newDevice());
    const deviceId = headers.deviceId;
    const body = { image: jpeg.toString('base64'), scenario: 'observe' };
    const old = expectOk(endpoints.visionAnalyze, await analyze(body, headers));
    t.clock.advance(23 * 3600);
    const fresh = expectOk(endpoints.visionAnalyze, await analyze(body, headers));
    t.clock.advance(2 * 3600);

    // past retention but not yet swept: already unreachable
    expect((await getImage(old.imageUrl.split('?')[0] ?? '', headers)).statusCode).toBe(404);

    const deps = {
      repo: new VisionImagesRepo(t.database.db),
      store: new LocalImageStore(path.join(t.dataDir, 'images')),
      clock: t.clock.now,
      logger: createLogger('silent'),
      retentionHours: 24,
    };
    // two nodes sweeping at once share the work without errors
    const [a, b] = await Promise.all([sweepExpiredImages(deps), sweepExpiredImages(deps)]);
    expect(a + b).toBeGreaterThanOrEqual(1);

    const rows = await rowsOf(deviceId);
    expect(rows.map((r) => r.id)).toEqual([/images\/([^?]+)/.exec(fresh.imageUrl)?.[1]]);
    const files = await imageFiles();
    expect(files.some((f) => f.includes(/images\/([^?]+)/.exec(old.imageUrl)?.[1] ?? '?'))).toBe(false);
    expect(files.some((f) => f.includes(/images\/([^?]+)/.exec(fresh.imageUrl)?.[1] ?? '?'))).toBe(true);
    // every record older than the cutoff is gone, whoever owned it
    const remaining = await t.database.db.select().from(visionImages);
    const cutoff = t.clock.now().getTime() - 24 * 3600_000;
    expect(remaining.every((r) => r.createdAt.getTime() >= cutoff)).toBe(true);
    expect(await sweepExpiredImages(deps)).toBe(0);
  });
});
