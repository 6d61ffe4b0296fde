import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import type { ImageStore, StoredImage } from '../../storage/image-store.ts';
import { withSharedWarmUp } from '../../engines/vision/shared-warm-up.ts';
import { degrade, renderedLabel, type Degradation } from '../../../test/fixtures/degraded-photos.ts';
import { FakeVisionEngine } from '../../../test/fakes/vision-engine.ts';
import { ImageUrlSigner } from '../../storage/image-url.ts';
import type { VisionImagesRepo } from './repo.ts';
import { VisionService } from './service.ts';

class MemoryStore implements ImageStore {
  readonly kind = 'memory';
  readonly objects = new Map<string, StoredImage>();
  failPut = false;
  async put(key: string, bytes: Buffer, contentType: string) {
    if (this.failPut) throw new Error('disk full');
    this.objects.set(key, { bytes, contentType });
  }
  async get(key: string) {
    return this.objects.get(key) ?? null;
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
}

function setup(
  insert: (row: { id: string }) => Promise<void>,
  overrides: Partial<ConstructorParameters<typeof VisionService>[0]> = {},
) {
  const store = new MemoryStore();
  const repo = { insert, deleteById: async () => undefined } as unknown as VisionImagesRepo;
  const service = new VisionService({
    engine: new FakeVisionEngine(),
    store,
    repo,
    analyses: { insert: async () => undefined },
    signer: new ImageUrlSigner(new TextEncoder().encode('k'.repeat(32)), 'vision-image-url'),
    // metering has its own tests (points/metering.test.ts): here every analysis is free
    meter: { reserve: async () => ({ commit: async () => undefined, release: async () => undefined }) },
    clock: () => new Date(),
    logger: createLogger('silent'),
    urlTtlSeconds: 3600,
    retentionHours: 24,
    ...overrides,
  });
  return { store, service };
}

const owner = { kind: 'device' as const, id: 'device_123456789' };
const image = async () =>
  (
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
  ).toString('base64');

describe('VisionService storage failures', () => {
  it('deletes the stored file when the record cannot be written, and still answers', async () => {
    const { store, service } = setup(async () => {
      throw new Error('connection reset');
    });
    const res = await service.analyze(
      owner,
      { image: await image(), scenario: 'observe' },
      new AbortController().signal,
    );
    expect(res.description).toContain('observe');
    expect(res.imageUrl).toBe('');
    expect(store.objects.size).toBe(0);
  });

  it('answers without an imageUrl when the store refuses the file', async () => {
    let inserted = 0;
    const { store, service } = setup(async () => {
      inserted++;
    });
    store.failPut = true;
    const res = await service.analyze(
      owner,
      { image: await image(), scenario: 'reading' },
      new AbortController().signal,
    );
    expect(res).toEqual({ description: expect.stringContaining('reading') as string, imageUrl: '' });
    expect(inserted).toBe(0);
  });
});

describe('VisionService photo while the engine works', () => {
  it('is stored beside the engine, and removed again when the engine fails', async () => {
    const rows: string[] = [];
    const engine = new FakeVisionEngine();
    let storedDuringAnalysis = 0;
    const { store, service } = setup(async () => undefined, {
      engine,
      repo: {
        insert: async (row: { id: string }) => void rows.push(row.id),
        deleteById: async (id: string) => void rows.splice(rows.indexOf(id), 1),
      } as unknown as VisionImagesRepo,
    });
    engine.analyze = async () => {
      await new Promise((r) => setTimeout(r, 20));
      storedDuringAnalysis = store.objects.size;
      throw new Error('upstream 500');
    };
    await expect(
      service.analyze(owner, { image: await image(), scenario: 'observe' }, new AbortController().signal),
    ).rejects.toMatchObject({ key: 'errors.vision_failed' });
    expect(storedDuringAnalysis).toBe(1);
    expect(store.objects.size).toBe(0);
    expect(rows).toEqual([]);
  });
});

describe('VisionService photo quality check (before any engine)', () => {
  const label = () => renderedLabel(['一次1粒 每日2次', '有效期至 2027年3月'], { background: '#c9a66b' });
  const base64 = async (how: Degradation) => (await degrade(await label(), how)).toString('base64');

  function metering() {
    const events: string[] = [];
    const meter = {
      reserve: async () => {
        events.push('reserve');
        return {
          commit: async () => void events.push('commit'),
          release: async () => void events.push('release'),
        };
      },
    };
    return { events, meter };
  }

  it('answers a blurred photo with how to retake it: no engine, no charge, nothing stored', async () => {
    const engine = new FakeVisionEngine();
    const { events, meter } = metering();
    const outcomes: string[] = [];
    const analyses = { insert: async (row: { outcome: string }) => void outcomes.push(row.outcome) };
    const { store, service } = setup(async () => undefined, { engine, meter, analyses });
    const res = await service.analyze(
      owner,
      { image: await base64('blur'), scenario: 'realtime' },
      new AbortController().signal,
    );
    expect(res).toEqual({
      description: '照片有些模糊，请拿稳手机再拍一次。',
      imageUrl: '',
      unusablePhoto: 'blurred',
    });
    expect(engine.requests).toHaveLength(0);
    expect(events).toEqual(['reserve', 'release']);
    expect(store.objects.size).toBe(0);
    expect(outcomes).toEqual(['unusable']);
  });

  it("says it in the caller's language, and for a dark photo suggests light", async () => {
    const { service } = setup(async () => undefined);
    const res = await service.analyze(
      owner,
      { image: await base64('dark'), scenario: 'reading' },
      new AbortController().signal,
      'en',
    );
    expect(res.unusablePhoto).toBe('dark');
    expect(res.description).toMatch(/too dark/i);
  });

  it('describes it anyway when the user asks to (仍然描述), and charges for that answer', async () => {
    const engine = new FakeVisionEngine();
    const { events, meter } = metering();
    const { service } = setup(async () => undefined, { engine, meter });
    const res = await service.analyze(
      owner,
      { image: await base64('blur'), scenario: 'realtime', allowUnclearPhoto: true },
      new AbortController().signal,
    );
    expect(res.unusablePhoto).toBeUndefined();
    expect(engine.requests).toHaveLength(1);
    expect(events).toEqual(['reserve', 'commit']);
  });

  it('reads a photo with a glare spot, and says the glare may hide text', async () => {
    const { service } = setup(async () => undefined);
    const res = await service.analyze(
      owner,
      { image: await base64('glare'), scenario: 'reading' },
      new AbortController().signal,
    );
    expect(res.unusablePhoto).toBeUndefined();
    expect(res.description).toContain('反光');
  });
});

describe('withSharedWarmUp', () => {
  it('warms up once for every caller, and retries after a failure', async () => {
    let calls = 0;
    let fail = true;
    const inner = new FakeVisionEngine();
    inner.warmUp = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      if (fail) throw new Error('model file missing');
    };
    const engine = withSharedWarmUp(inner);
    const results = await Promise.allSettled([engine.warmUp(), engine.warmUp()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    fail = false;
    await Promise.all([engine.warmUp(), engine.warmUp()]);
    await engine.warmUp();
    expect(calls).toBe(2);
    expect(engine.name).toBe('fake');
  });
});

describe('VisionService when the engine itself finds the photo unusable (a cloud model)', () => {
  it('gives the retake advice, charges nothing and keeps nothing', async () => {
    const engine = new FakeVisionEngine();
    engine.analyze = async () => ({ description: '', unusablePhoto: 'cutOff' });
    const events: string[] = [];
    const meter = {
      reserve: async () => ({
        commit: async () => void events.push('commit'),
        release: async () => void events.push('release'),
      }),
    };
    const outcomes: string[] = [];
    const analyses = { insert: async (row: { outcome: string }) => void outcomes.push(row.outcome) };
    const { store, service } = setup(async () => undefined, { engine, meter, analyses });
    const res = await service.analyze(
      owner,
      {
        image: (await degrade(await renderedLabel(['有效期至2027年3月']), 'upright')).toString('base64'),
        scenario: 'reading',
      },
      new AbortController().signal,
    );
    expect(res).toMatchObject({ unusablePhoto: 'cutOff', imageUrl: '' });
    expect(res.description).toContain('切掉');
    expect(events).toEqual(['release']);
    expect(store.objects.size).toBe(0);
    expect(outcomes).toEqual(['unusable']);
  });
});
