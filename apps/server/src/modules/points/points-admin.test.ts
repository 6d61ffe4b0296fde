import { endpoints } from '@sfm/protocol/gathered';
import { DEFAULT_POINTS_RULES, type PointsRules } from '@sfm/protocol/points';
import { adminEndpoints } from '@sfm/protocol/admin';
import { pointsAdminEndpoints } from '@sfm/protocol/points-admin';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';

let t: TestApp;
let root: TestAdmin;
let operator: TestAdmin;
let image: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await signedInAdmin(t, 'super_admin');
  operator = await signedInAdmin(t, 'operator');
  image = (
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#444' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
});
afterAll(() => t.close());

const { pointsConfig, updatePointsConfig, userPoints, giftPoints, dashboardPoints } = pointsAdminEndpoints;
const FREE = DEFAULT_POINTS_RULES.dailyFreePoints;
/** Paid points every registered user starts with: registration proves the phone by an SMS code. */
const REWARD = DEFAULT_POINTS_RULES.verificationReward;
const withCosts = (costs: Partial<PointsRules['costs']>): PointsRules => ({
  ...DEFAULT_POINTS_RULES,
  costs: { ...DEFAULT_POINTS_RULES.costs, ...costs },
});

describe('points configuration', () => {
  it('starts at version 1 with the defaults; a saved change is the next version, audited, and prices the next use', async () => {
    const first = expectOk(pointsConfig, await call(t.app, pointsConfig, undefined, operator.headers));
    expect(first).toMatchObject({ version: 1, savedBy: null, rules: DEFAULT_POINTS_RULES });
    const saved = expectOk(
      updatePointsConfig,
      await call(t.app, updatePointsConfig, withCosts({ vision: 3 }), operator.headers),
    );
    expect(saved).toMatchObject({ version: 2, savedBy: operator.username, rules: { costs: { vision: 3 } } });
    const audit = expectOk(
      adminEndpoints.audit,
      await call(t.app, adminEndpoints.audit, { action: 'points.config_update' }, root.headers),
    );
    expect(audit.items[0]).toMatchObject({ adminUsername: operator.username, targetType: 'points_config' });
    expect(JSON.parse(audit.items[0]!.after!)).toMatchObject({ costs: { vision: 3 } });
    expect(JSON.parse(audit.items[0]!.before!)).toMatchObject({ costs: { vision: 1 } });

    const user = await registeredUser(t);
    expectOk(
      endpoints.visionAnalyze,
      await call(t.app, endpoints.visionAnalyze, { image, scenario: 'observe' }, user.headers),
    );
    const details = expectOk(
      endpoints.pointsDetails,
      await call(t.app, endpoints.pointsDetails, undefined, user.headers),
    );
    expect(details.totalPoints).toBe(FREE + REWARD - 3);
    await call(t.app, updatePointsConfig, DEFAULT_POINTS_RULES, operator.headers);
  });

  it('refuses invalid rules (400), user tokens (401), and keeps the version', async () => {
    const bad = [
      withCosts({ vision: -1 }),
      { ...DEFAULT_POINTS_RULES, dailyFreePoints: 1.5 },
      {
        ...DEFAULT_POINTS_RULES,
        vipPlans: [...DEFAULT_POINTS_RULES.vipPlans, DEFAULT_POINTS_RULES.vipPlans[0]],
      },
      { ...DEFAULT_POINTS_RULES, rechargePackages: [{ id: 'X!', name: 'a', priceFen: 1, points: 1 }] },
      { ...DEFAULT_POINTS_RULES, extra: 1 },
    ];
    const before = expectOk(pointsConfig, await call(t.app, pointsConfig, undefined, root.headers)).version;
    for (const body of bad) {
      const res = await call(t.app, updatePointsConfig, body as Record<string, unknown>, root.headers);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expectError(
      await call(t.app, updatePointsConfig, withCosts({ vision: 1 }), { token: 'x' }),
      401,
      'token_invalid',
    );
    expect(expectOk(pointsConfig, await call(t.app, pointsConfig, undefined, root.headers)).version).toBe(
      before,
    );
  });
});

describe('a user in the back office', () => {
  it('shows the balance and entries; a gift with a reason adds to the paid bucket and is audited', async () => {
    const user = await registeredUser(t);
    const seen = expectOk(
      userPoints,
      await call(t.app, userPoints, { userId: user.user.id }, operator.headers),
    );
    expect(seen.details.totalPoints).toBe(FREE + REWARD);
    const gifted = expectOk(
      giftPoints,
      await call(
        t.app,
        giftPoints,
        { userId: user.user.id, amount: 50, reason: '活动补偿' },
        operator.headers,
      ),
    );
    expect(gifted.details.paidPoints).toBe(REWARD + 50);
    expect(gifted.entries[0]).toMatchObject({ type: 'gift', amount: 50, remark: '活动补偿' });
    const taken = expectOk(
      giftPoints,
      await call(
        t.app,
        giftPoints,
        { userId: user.user.id, amount: -230, reason: '误发收回' },
        operator.headers,
      ),
    );
    expect(taken.details.totalPoints).toBe(FREE + REWARD + 50 - 230);
    const audit = expectOk(
      adminEndpoints.audit,
      await call(
        t.app,
        adminEndpoints.audit,
        { action: 'points.gift', targetId: user.user.id },
        root.headers,
      ),
    );
    expect(audit.items.map((i) => JSON.parse(i.after!) as { amount: number })).toMatchObject([
      { amount: -230 },
      { amount: 50 },
    ]);
    // the user sees it on /points-logs as a gift
    const logs = expectOk(
      endpoints.pointsLogs,
      await call(t.app, endpoints.pointsLogs, { type: 'gift' }, user.headers),
    );
    expect(logs.logs.map((l) => l.amount)).toEqual([-230, 50]);
  });

  it('refuses a gift without a reason, of zero, beyond the balance, or to nobody', async () => {
    const user = await registeredUser(t);
    const gift = (body: Record<string, unknown>) => call(t.app, giftPoints, body, operator.headers);
    expectError(await gift({ userId: user.user.id, amount: 5, reason: ' ' }), 400, 'reason_required');
    expectError(await gift({ userId: user.user.id, amount: 0, reason: 'x' }), 400, 'gift_amount_invalid');
    expectError(await gift({ userId: user.user.id, amount: 1.5, reason: 'x' }), 400, 'gift_amount_invalid');
    expectError(
      await gift({ userId: user.user.id, amount: -100_000, reason: 'x' }),
      402,
      'points_insufficient',
    );
    const nobody = '00000000-0000-4000-8000-000000000000';
    expectError(await gift({ userId: nobody, amount: 5, reason: 'x' }), 404, 'user_not_found');
    expectError(await call(t.app, userPoints, { userId: 'x' }, operator.headers), 400, 'user_not_found');
  });
});

describe('the points dashboard panel', () => {
  it('counts points granted, consumed and recharged per day', async () => {
    const res = expectOk(dashboardPoints, await call(t.app, dashboardPoints, undefined, operator.headers));
    expect(res.days).toHaveLength(30);
    const today = res.days.at(-1)!;
    // three users' daily grants and verification rewards (each made as the user registered) and one
    // gift; one analysis at 3 points (a gift taken back is a gift, not a use)
    expect(today).toMatchObject({ granted: 3 * (FREE + REWARD) + 50, consumed: 3 });
    expect(today.recharged).toBe(0);

    // the next day a user's daily grant (a refill of the free points taken back today) is due when
    // a gift beyond the balance comes: it is made in the refused gift's transaction, and rolled
    // back with it; the next read makes it
    const user = await registeredUser(t);
    const takeBack = { userId: user.user.id, amount: -FREE, reason: '误发收回' };
    expectOk(giftPoints, await call(t.app, giftPoints, takeBack, operator.headers));
    t.clock.advance(86_400);
    const nextDay = await signedInAdmin(t, 'operator'); // the first operator's token has expired
    const beyond = { userId: user.user.id, amount: -100_000, reason: 'x' };
    expectError(await call(t.app, giftPoints, beyond, nextDay.headers), 402, 'points_insufficient');
    const grantedToday = async () =>
      expectOk(dashboardPoints, await call(t.app, dashboardPoints, undefined, nextDay.headers)).days.at(-1)!
        .granted;
    expect(await grantedToday()).toBe(0);
    expectOk(userPoints, await call(t.app, userPoints, { userId: user.user.id }, nextDay.headers));
    expect(await grantedToday()).toBe(FREE);
    expectError(
      await call(t.app, dashboardPoints, { from: '2026-02-30' }, nextDay.headers),
      400,
      'date_invalid',
    );
  });
});
