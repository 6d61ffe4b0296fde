import { endpoints } from '@sfm/protocol/gathered';
import { marketEndpoints } from '@sfm/protocol/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/db/calls-schema.ts';
import { registeredUser } from '../harness/admin-harness.ts';
import { call, expectError, expectOk, type TestApp, createTestApp } from '../harness/app-harness.ts';
import { envelopeProblem } from './catalogue-answers.ts';
import { testPhoto } from '../fixtures/test-photo.ts';

type Member = Awaited<ReturnType<typeof registeredUser>>;

let t: TestApp;
let alice: Member;
let mallory: Member;
let jpegBase64: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registeredUser(t, '爱丽丝');
  mallory = await registeredUser(t, '马洛里');
  jpegBase64 = (await testPhoto(64, 48, '#3a7').jpeg().toBuffer()).toString('base64');
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const analysed = async (who: Member) =>
  expectOk(
    endpoints.visionAnalyze,
    await call(t.app, endpoints.visionAnalyze, { image: jpegBase64, scenario: 'observe' }, who.headers),
  );

describe("another user's things are not mine to read or change", () => {
  it('an analysed photo: not by its bare path, nor with a signature made for another photo or time', async () => {
    const mine = (await analysed(alice)).imageUrl;
    const theirs = (await analysed(mallory)).imageUrl;
    expect((await get(mine)).statusCode).toBe(200);
    const [path, query] = mine.split('?') as [string, string];
    const [theirPath, theirQuery] = theirs.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const later = new URLSearchParams(query);
    later.set('exp', String(Number(params.get('exp')) + 3600));
    for (const [how, url, headers] of [
      ['bare path, her own identity headers', path, mallory.headers],
      ["Mallory's signature on Alice's photo", `${path}?${theirQuery}`, mallory.headers],
      ["Alice's signature on Mallory's path", `${theirPath}?${query}`, {}],
      ['expiry moved on', `${path}?${later.toString()}`, mallory.headers],
      ['signature cut short', `${path}?exp=${params.get('exp')}&sig=${params.get('sig')?.slice(0, 10)}`, {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, how).toBe(404);
      // the same answer as for no photo at all: nothing says it exists
      expect(envelopeProblem(404, res.json(), 'zh-CN'), how).toBeNull();
      expect(res.json().data.error, how).toMatch(/not_found$/);
    }
  });

  it('a private scene: not to be read, changed, deleted or used', async () => {
    const e = marketEndpoints;
    const content = {
      name: '看药盒',
      description: '读出药名',
      prompt: '请读出药品名称',
      behaviour: 'tap',
      intervalSeconds: null,
      category: 'health',
      icon: 'medicine',
      visibility: 'private',
      submit: false,
    } as const;
    const scene = expectOk(e.createScene, await call(t.app, e.createScene, content, alice.headers));
    const id = scene.id;
    const session = '11111111-1111-4111-8111-111111111111';
    for (const [how, res] of [
      ['read', await call(t.app, e.marketScene, { id }, mallory.headers)],
      [
        'changed',
        await call(t.app, e.updateScene, { id, scene: { ...content, name: '改了' } }, mallory.headers),
      ],
      ['deleted', await call(t.app, e.deleteScene, { id }, mallory.headers)],
      ['used', await call(t.app, e.useScene, { id, session }, mallory.headers)],
      ['favourited', await call(t.app, e.favouriteScene, { id, favourite: true }, mallory.headers)],
    ] as const) {
      expect(res.status, how).toBe(404);
      expect(res.body.data, how).toMatchObject({ error: 'scene_not_found' });
    }
    // and it is still hers, unchanged
    expect(expectOk(e.marketScene, await call(t.app, e.marketScene, { id }, alice.headers)).name).toBe(
      '看药盒',
    );
  });

  it('a call she was not in: no feedback, no report, not in her history', async () => {
    const [record] = await t.database.db
      .insert(calls)
      .values({ seekerId: alice.user.id, language: 'zh', seekerSocket: 'gone', status: 'completed' })
      .returning();
    const callId = record!.id;
    expectError(
      await call(t.app, endpoints.callFeedback, { callId, helpful: false, block: true }, mallory.headers),
      404,
      'call_not_found',
    );
    const history = expectOk(
      endpoints.callHistory,
      await call(t.app, endpoints.callHistory, undefined, mallory.headers),
    );
    expect(history.calls.map((c) => c.id)).not.toContain(callId);
  });

  it('points: not her order, not her ledger', async () => {
    const catalogue = expectOk(
      endpoints.pointsCatalogue,
      await call(t.app, endpoints.pointsCatalogue, undefined, alice.headers),
    );
    const item = catalogue.rechargePackages[0];
    expect(item).toBeDefined();
    const order = expectOk(
      endpoints.pointsCreateOrder,
      await call(t.app, endpoints.pointsCreateOrder, { kind: 'recharge', itemId: item!.id }, alice.headers),
    );
    expectError(
      await call(t.app, endpoints.pointsOrder, { orderId: order.id }, mallory.headers),
      404,
      'order_not_found',
    );
    expectError(
      await call(t.app, endpoints.sandboxCheckout, { orderId: order.id, action: 'pay' }, mallory.headers),
      404,
      'order_not_found',
    );
    // Alice's analysis above is in her ledger, not in Mallory's
    const aliceLogs = expectOk(
      endpoints.pointsLogs,
      await call(t.app, endpoints.pointsLogs, {}, alice.headers),
    );
    const malloryLogs = expectOk(
      endpoints.pointsLogs,
      await call(t.app, endpoints.pointsLogs, {}, mallory.headers),
    );
    const ids = new Set(malloryLogs.logs.map((l) => l.id));
    for (const entry of aliceLogs.logs) expect(ids.has(entry.id)).toBe(false);
  });
});
