import { endpoints } from '@sfm/protocol/gathered';
import { DEFAULT_POINTS_RULES, type PaymentOrder } from '@sfm/protocol/points';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineFailure, FakeVisionEngine } from '../../../test/fakes/vision-engine.ts';
import {
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  JWT_SECRET,
  registerWithCode,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { createLogger } from '../../logger.ts';
import { SandboxProvider, sandboxKey } from './payments/sandbox-provider.ts';
import { createPointsEconomy } from './points-economy.ts';
import { SANDBOX_NOTIFY_PATH } from './routes.ts';

const FREE = DEFAULT_POINTS_RULES.dailyFreePoints;
/** Paid points every registered user starts with: registration proves the phone by an SMS code. */
const REWARD = DEFAULT_POINTS_RULES.verificationReward;
const [MONTHLY] = DEFAULT_POINTS_RULES.vipPlans;
const [P600] = DEFAULT_POINTS_RULES.rechargePackages;

let t: TestApp;
let engine: FakeVisionEngine;
let image: string;
let sandbox: SandboxProvider;
let seq = 0;
const newPhone = () => `135${String(10_000_000 + ++seq).slice(-8)}`;

beforeAll(async () => {
  engine = new FakeVisionEngine();
  t = await createTestApp({ visionEngine: engine });
  // midday, far from a day's end: the tests move the clock minutes ahead, and a run that crossed
  // midnight was given the next day's free points (297 expected, 299 found, at 23:58)
  t.clock.advance((Date.parse('2030-06-15T04:00:00Z') - t.clock.now().getTime()) / 1000);
  image = (
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
  sandbox = new SandboxProvider(t.database.db, sandboxKey(JWT_SECRET));
});
afterAll(() => t.close());
beforeEach(() => {
  engine.failWith = null;
});

async function newUser(phone = newPhone()): Promise<Record<string, string>> {
  const session = await registerWithCode(t, { phone, password: 'password123' });
  return auth(expectOk(endpoints.register, session).token);
}

/** A fresh token (after the clock moved past the last one's lifetime). */
async function logIn(phone: string): Promise<Record<string, string>> {
  const session = await call(t.app, endpoints.login, { phone, password: 'password123' });
  return auth(expectOk(endpoints.login, session).token);
}

const details = async (headers: Record<string, string>) =>
  expectOk(endpoints.pointsDetails, await call(t.app, endpoints.pointsDetails, undefined, headers));
const logs = async (headers: Record<string, string>, query: Record<string, string> = {}) =>
  expectOk(endpoints.pointsLogs, await call(t.app, endpoints.pointsLogs, query, headers));
/** Each analysis asks its own question: an answer repeated moments later is not charged (vision.test.ts). */
let asked = 0;
const analyze = (headers: Record<string, string>) =>
  call(
    t.app,
    endpoints.visionAnalyze,
    { image, scenario: 'observe', prompt: `问题 ${(asked += 1)}` },
    headers,
  );
const order = async (headers: Record<string, string>, kind: 'recharge' | 'vip', itemId: string) =>
  expectOk(
    endpoints.pointsCreateOrder,
    await call(t.app, endpoints.pointsCreateOrder, { kind, itemId }, headers),
  );
const postNotify = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload });
const paidNotify = (o: PaymentOrder, amountFen = o.amountFen) =>
  sandbox.sign({ orderId: o.id, tradeNo: `T-${o.id}`, amountFen, status: 'paid' });

describe('points details and logs (spec §7)', () => {
  it('a new user has the daily free grant, as one entry, and the verification reward, as another', async () => {
    const user = await newUser();
    expect(await details(user)).toEqual({
      totalPoints: FREE + REWARD,
      freePoints: FREE,
      originalPoints: FREE,
      vipPoints: 0,
      originalVipPoints: 0,
      paidPoints: REWARD,
      originalPaidPoints: 0, // the paid bucket's original is what the last recharge left: none yet
      isVip: false,
      vipExpiryDate: null,
    });
    const page = await logs(user);
    expect(page.logs).toMatchObject([
      {
        type: 'auth',
        amount: REWARD,
        scene: 'verification_reward',
        remark: '手机号验证奖励',
        after: FREE + REWARD,
      },
      { type: 'other', amount: FREE, scene: 'other', after: FREE },
    ]);
    expect(page.pagination).toMatchObject({ page: 1, pageSize: 10, total: 2, totalPages: 1 });
  });

  it('refuses a bad query (400) and a caller without a token (401)', async () => {
    const user = await newUser();
    for (const query of [
      { page: '0' },
      { pageSize: '1000' },
      { type: 'bonus' },
      { page: 'x' },
      { sort: 'id' },
    ]) {
      const res = await call(t.app, endpoints.pointsLogs, query, user);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    expectError(await call(t.app, endpoints.pointsLogs), 401, 'unauthorized');
    expectError(await call(t.app, endpoints.pointsDetails), 401, 'unauthorized');
    expectError(await call(t.app, endpoints.pointsCatalogue), 401, 'unauthorized');
  });

  it('pages newest first and filters by type', async () => {
    const user = await newUser();
    for (let i = 0; i < 12; i++) expectOk(endpoints.visionAnalyze, await analyze(user));
    const first = await logs(user);
    expect(first.logs).toHaveLength(10);
    // 12 analyses, the daily grant and the verification reward
    expect(first.pagination).toMatchObject({ total: 14, totalPages: 2 });
    expect(first.logs[0]).toMatchObject({
      type: 'consume',
      amount: -1,
      scene: 'vision',
      after: FREE + REWARD - 12,
    });
    const second = await logs(user, { page: '2' });
    expect(second.logs.map((l) => l.type)).toEqual(['consume', 'consume', 'auth', 'other']);
    const consumed = await logs(user, { type: 'consume', pageSize: '20' });
    expect(consumed.pagination.total).toBe(12);
    expect(consumed.logs.every((l) => l.type === 'consume')).toBe(true);
    expect((await logs(user, { type: 'gift' })).logs).toEqual([]);
  });
});

describe('metered analysis', () => {
  it('charges an analysis that answered, and nothing for one that failed', async () => {
    const user = await newUser();
    expectOk(endpoints.visionAnalyze, await analyze(user));
    expect((await details(user)).totalPoints).toBe(FREE + REWARD - DEFAULT_POINTS_RULES.costs.vision);
    engine.failWith = engineFailure();
    expectError(await analyze(user), 502, 'vision_failed');
    expect((await details(user)).totalPoints).toBe(FREE + REWARD - DEFAULT_POINTS_RULES.costs.vision);
    expect((await logs(user, { type: 'consume' })).logs).toHaveLength(1);
  });

  it('prices a market scene’s analysis as a scene analysis', async () => {
    const user = await newUser();
    const sceneId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const body = { image, scenario: 'question' as const, prompt: '读药盒上的有效期', sceneId };
    expectOk(endpoints.visionAnalyze, await call(t.app, endpoints.visionAnalyze, body, user));
    expect((await details(user)).totalPoints).toBe(FREE + REWARD - DEFAULT_POINTS_RULES.costs.analyze);
    expect((await logs(user, { type: 'consume' })).logs[0]).toMatchObject({ scene: 'analyze' });
  });

  it('says clearly when the points run out, and charges nothing', async () => {
    const user = await newUser();
    const userId = expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, user)).id;
    // spend the day's points and the verification reward in the ledger directly (the same
    // database, another node's view)
    const ledger = createPointsEconomy({
      db: t.database.db,
      clock: t.clock.now,
      logger: createLogger('silent'),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, // the test app's TIME_ZONE default
      secret: JWT_SECRET,
    }).ledger;
    await ledger.spend(userId, FREE + REWARD, { type: 'consume', scene: 'vision', remark: null, key: 'all' });
    const asked = engine.requests.length;
    const res = await analyze(user);
    expectError(res, 402, 'points_insufficient', '积分不足，请充值或开通会员后继续使用');
    expect(engine.requests.length).toBe(asked); // refused before the engine ran
    expect((await details(user)).totalPoints).toBe(0);
  });

  it('an answer repeated moments later to the same question is not charged again, nor its photo kept', async () => {
    const user = await newUser();
    const same = () => call(t.app, endpoints.visionAnalyze, { image, scenario: 'realtime' }, user);
    const first = expectOk(endpoints.visionAnalyze, await same());
    expect(first.sameAsLast).toBeUndefined();
    expect(first.imageUrl).not.toBe('');
    const again = expectOk(endpoints.visionAnalyze, await same());
    expect(again).toEqual({ description: first.description, imageUrl: '', sameAsLast: true });
    expect((await details(user)).totalPoints).toBe(FREE + REWARD - DEFAULT_POINTS_RULES.costs.vision);
    // another scenario is another question; so is the same one two minutes on
    expectOk(
      endpoints.visionAnalyze,
      await call(t.app, endpoints.visionAnalyze, { image, scenario: 'move' }, user),
    );
    t.clock.advance(121);
    expect(expectOk(endpoints.visionAnalyze, await same()).sameAsLast).toBeUndefined();
    expect((await details(user)).totalPoints).toBe(FREE + REWARD - 3 * DEFAULT_POINTS_RULES.costs.vision);
    // another caller's identical answer is theirs to pay
    const other = await newUser();
    expect(
      expectOk(
        endpoints.visionAnalyze,
        await call(t.app, endpoints.visionAnalyze, { image, scenario: 'realtime' }, other),
      ).sameAsLast,
    ).toBeUndefined();
  });

  it('a temporary device gets its daily allowance, then "请登录后继续使用"', async () => {
    const device = { deviceId: `device_${Date.now()}_points`, userType: 'temporary' };
    const allowance = DEFAULT_POINTS_RULES.deviceDailyPoints / DEFAULT_POINTS_RULES.costs.vision;
    const limited = await createTestApp({
      database: t.database,
      config: { visionRateLimitPerMinute: 1000 },
    });
    try {
      for (let i = 0; i < allowance; i++) {
        expectOk(
          endpoints.visionAnalyze,
          await call(
            limited.app,
            endpoints.visionAnalyze,
            { image, scenario: 'observe', prompt: `问题 ${i}` },
            device,
          ),
        );
      }
      const refused = await call(
        limited.app,
        endpoints.visionAnalyze,
        { image, scenario: 'observe' },
        device,
      );
      expectError(refused, 402, 'points_login_required', '请登录后继续使用');
    } finally {
      await limited.close();
    }
  });
});

describe('the verification reward', () => {
  it('is granted once, when a phone is first verified by an SMS code', async () => {
    const phone = newPhone();
    let token = '';
    for (let i = 0; i < 2; i++) {
      if (i > 0) t.clock.advance(120);
      expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
      const code = t.sms.lastCode(phone);
      token = expectOk(endpoints.smsLogin, await call(t.app, endpoints.smsLogin, { phone, code })).token;
    }
    const auths = await logs(auth(token), { type: 'auth' });
    expect(auths.logs).toMatchObject([
      { amount: DEFAULT_POINTS_RULES.verificationReward, scene: 'verification_reward' },
    ]);
    expect((await details(auth(token))).paidPoints).toBe(DEFAULT_POINTS_RULES.verificationReward);
  });
});

describe('recharge through the sandbox gateway', () => {
  it('lists the plans and packages', async () => {
    const catalogue = expectOk(
      endpoints.pointsCatalogue,
      await call(t.app, endpoints.pointsCatalogue, undefined, await newUser()),
    );
    expect(catalogue.rechargePackages).toEqual(DEFAULT_POINTS_RULES.rechargePackages);
    expect(catalogue.vipPlans).toEqual(DEFAULT_POINTS_RULES.vipPlans);
  });

  it('pays on the checkout and credits the paid bucket once', async () => {
    const user = await newUser();
    const created = await order(user, 'recharge', P600!.id);
    expect(created).toMatchObject({ status: 'created', amountFen: P600!.priceFen, provider: 'sandbox' });
    expect(created.checkoutUrl).toBe(`/points/sandbox-checkout?orderId=${created.id}`);
    const paid = expectOk(
      endpoints.sandboxCheckout,
      await call(t.app, endpoints.sandboxCheckout, { orderId: created.id, action: 'pay' }, user),
    );
    expect(paid.status).toBe('paid');
    const after = await details(user);
    expect(after).toMatchObject({
      paidPoints: REWARD + P600!.points,
      originalPaidPoints: REWARD + P600!.points,
    });
    expect((await logs(user, { type: 'recharge' })).logs).toMatchObject([
      { amount: P600!.points, scene: 'points_recharge', after: FREE + REWARD + P600!.points },
    ]);
    // a closed order cannot be paid again
    const again = await call(t.app, endpoints.sandboxCheckout, { orderId: created.id, action: 'pay' }, user);
    expectError(again, 409, 'order_not_payable');
  });

  it('a cancelled checkout fails the order and credits nothing', async () => {
    const user = await newUser();
    const created = await order(user, 'recharge', P600!.id);
    const res = await call(t.app, endpoints.sandboxCheckout, { orderId: created.id, action: 'cancel' }, user);
    expect(expectOk(endpoints.sandboxCheckout, res).status).toBe('failed');
    expect((await details(user)).paidPoints).toBe(REWARD);
  });

  it('refuses a bad signature, a wrong amount; a replayed notify credits once', async () => {
    const user = await newUser();
    const created = await order(user, 'recharge', P600!.id);
    const forged = { ...paidNotify(created), sign: 'a'.repeat(64) };
    expect((await postNotify(forged)).statusCode).toBe(400);
    expect((await postNotify({ orderId: created.id })).statusCode).toBe(400);
    const cheap = await postNotify(paidNotify(created, 1));
    expect([cheap.statusCode, cheap.body]).toEqual([400, 'fail']);
    expect((await details(user)).paidPoints).toBe(REWARD);
    const good = paidNotify(created);
    const replies = await Promise.all(Array.from({ length: 5 }, () => postNotify(good)));
    expect(replies.map((r) => r.body)).toEqual(Array(5).fill('success'));
    expect((await details(user)).paidPoints).toBe(REWARD + P600!.points);
    expect((await logs(user, { type: 'recharge' })).logs).toHaveLength(1);
  });

  it('a notify racing the user return credits once', async () => {
    const user = await newUser();
    const created = await order(user, 'recharge', P600!.id);
    await sandbox.decide(created, true); // the gateway has the money; its notify is on its way
    const [notified, ...returns] = await Promise.all([
      postNotify(paidNotify(created)),
      ...Array.from({ length: 5 }, () => call(t.app, endpoints.pointsOrder, { orderId: created.id }, user)),
    ]);
    expect(notified!.body).toBe('success');
    for (const r of returns) expect(expectOk(endpoints.pointsOrder, r).status).toBe('paid');
    expect((await details(user)).paidPoints).toBe(REWARD + P600!.points);
    expect((await logs(user, { type: 'recharge' })).logs).toHaveLength(1);
  });

  it("refuses an unknown item, a bad kind, and another user's order", async () => {
    const user = await newUser();
    expectError(
      await call(t.app, endpoints.pointsCreateOrder, { kind: 'recharge', itemId: 'nope' }, user),
      404,
      'order_item_not_found',
    );
    expectError(
      await call(t.app, endpoints.pointsCreateOrder, { kind: 'gold', itemId: 'p600' }, user),
      400,
      'order_kind_invalid',
    );
    const mine = await order(user, 'recharge', P600!.id);
    const other = await newUser();
    expectError(
      await call(t.app, endpoints.pointsOrder, { orderId: mine.id }, other),
      404,
      'order_not_found',
    );
    expectError(await call(t.app, endpoints.pointsOrder, { orderId: 'x' }, other), 400, 'order_not_found');
  });
});

describe('VIP', () => {
  it('buying grants the VIP bucket and sets the expiry; a second purchase stacks', async () => {
    const user = await newUser();
    const pay = async () => {
      const o = await order(user, 'vip', MONTHLY!.id);
      await call(t.app, endpoints.sandboxCheckout, { orderId: o.id, action: 'pay' }, user);
    };
    await pay();
    const once = await details(user);
    expect(once).toMatchObject({
      isVip: true,
      vipPoints: MONTHLY!.dailyPoints,
      originalVipPoints: MONTHLY!.dailyPoints,
      totalPoints: FREE + REWARD + MONTHLY!.dailyPoints,
    });
    const days = (iso: string | null) => (Date.parse(iso ?? '') - t.clock.now().getTime()) / 86_400_000;
    expect(days(once.vipExpiryDate)).toBeCloseTo(MONTHLY!.days, 1);
    await pay();
    const twice = await details(user);
    expect(days(twice.vipExpiryDate)).toBeCloseTo(2 * MONTHLY!.days, 1);
    expect(twice.vipPoints).toBe(MONTHLY!.dailyPoints);
    expect((await logs(user, { type: 'vip' })).logs).toMatchObject([
      { scene: 'vip_subscription', amount: 0 },
      { scene: 'vip_subscription', amount: MONTHLY!.dailyPoints },
    ]);
  });

  it('daily grants while active; at the expiry the grants stop and the VIP points go', async () => {
    const phone = newPhone();
    let user = await newUser(phone);
    const o = await order(user, 'vip', MONTHLY!.id);
    await call(t.app, endpoints.sandboxCheckout, { orderId: o.id, action: 'pay' }, user);
    expectOk(endpoints.visionAnalyze, await analyze(user));
    t.clock.advance(86_400);
    user = await logIn(phone);
    expect(await details(user)).toMatchObject({
      isVip: true,
      vipPoints: MONTHLY!.dailyPoints,
      freePoints: FREE,
    });
    t.clock.advance(MONTHLY!.days * 86_400);
    user = await logIn(phone);
    const ended = await details(user);
    expect(ended).toMatchObject({
      isVip: false,
      vipPoints: 0,
      originalVipPoints: 0,
      totalPoints: FREE + REWARD,
    });
    expect(ended.vipExpiryDate).not.toBeNull();
    expect((await logs(user, { type: 'vip' })).logs[0]).toMatchObject({ amount: -MONTHLY!.dailyPoints });
  });
});
