import { endpoints } from '@sfm/protocol';
import { adminEndpoints } from '@sfm/protocol/gathered-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/calls-schema.ts';
import { analyses, speechTexts, userActiveDays, users } from '../../db/core-schema.ts';
import { registeredUser, signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';
import {
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';

// Shanghai is UTC+8: its 15 June begins at 16:00 UTC on 14 June
const TZ = 'Asia/Shanghai';
const NOW = new Date('2030-06-15T12:00:00+08:00');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: TestAdmin;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp({ config: { timeZone: TZ } });
  t.clock.advance((NOW.getTime() - t.clock.now().getTime()) / 1000);
  admin = await signedInAdmin(t, 'operator');
  const { db } = t.database;
  const [u1, u2] = await db
    .insert(users)
    .values([
      { phone: '13300000001', createdAt: at('2030-06-14T23:59:59+08:00') },
      { phone: '13300000002', createdAt: at('2030-06-15T00:00:00+08:00') },
      { phone: '13300000003', createdAt: at('2030-06-15T09:00:00+08:00') },
    ])
    .returning();
  await db.insert(userActiveDays).values([
    { day: '2030-06-14', userId: u1!.id },
    { day: '2030-06-15', userId: u1!.id },
    { day: '2030-06-15', userId: u2!.id },
  ]);
  const analysis = (
    iso: string,
    scenario: string,
    outcome: 'ok' | 'failed' | 'cancelled' | 'unusable',
    durationMs: number,
  ) => ({
    createdAt: at(iso),
    userId: u1!.id,
    scenario,
    engine: 'fake',
    durationMs,
    outcome,
  });
  await db.insert(analyses).values([
    // the last millisecond of the 14th and the first of the 15th, Shanghai time
    analysis('2030-06-14T15:59:59.999Z', 'reading', 'ok', 100),
    analysis('2030-06-14T16:00:00.000Z', 'reading', 'ok', 200),
    analysis('2030-06-15T09:00:00+08:00', 'observe', 'ok', 300),
    analysis('2030-06-15T09:01:00+08:00', 'observe', 'failed', 50),
    analysis('2030-06-15T09:02:00+08:00', 'observe', 'cancelled', 10),
    analysis('2030-06-15T09:03:00+08:00', 'reading', 'unusable', 15),
    analysis('2030-06-15T23:59:59+08:00', 'realtime', 'ok', 400),
  ]);
  await db.insert(speechTexts).values([
    { createdAt: at('2030-06-14T23:00:00+08:00'), characters: 5 },
    { createdAt: at('2030-06-15T08:00:00+08:00'), characters: 5, deviceId: 'device_1700000000_ab' },
    { createdAt: at('2030-06-15T08:00:01+08:00'), characters: 9, userId: u2!.id },
  ]);
  const callRow = (iso: string, status: string, seconds?: number, waitSeconds = 10, operatorId?: string) => {
    const createdAt = at(iso);
    const connectedAt = seconds === undefined ? null : new Date(createdAt.getTime() + waitSeconds * 1000);
    return {
      createdAt,
      seekerId: u1!.id,
      language: 'zh' as const,
      status,
      seekerSocket: 'socket',
      operatorId: operatorId ?? null,
      connectedAt,
      endedAt:
        connectedAt && status === 'completed' ? new Date(connectedAt.getTime() + seconds! * 1000) : null,
    };
  };
  await db.insert(calls).values([
    callRow('2030-06-13T23:59:59+08:00', 'completed', 500),
    callRow('2030-06-14T23:30:00+08:00', 'completed', 60),
    callRow('2030-06-15T00:00:00+08:00', 'completed', 30, 4),
    callRow('2030-06-15T09:00:00+08:00', 'completed', 120, 20),
    // nobody of the volunteers answered: an operator took it from the queue after a minute
    callRow('2030-06-15T10:00:00+08:00', 'completed', 45, 60, admin.id),
    callRow('2030-06-15T11:00:00+08:00', 'missed'),
    callRow('2030-06-15T11:10:00+08:00', 'cancelled'),
    callRow('2030-06-15T11:20:00+08:00', 'failed'),
    // still going: no outcome yet
    callRow('2030-06-15T11:30:00+08:00', 'connected', 0),
  ]);
  // a registered user (created now, in real time) whose request counts as activity on the 15th
  const member = await registeredUser(t);
  userToken = member.token;
  expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, member.headers));
});
afterAll(() => t.close());

const get = (endpoint: Parameters<typeof call>[1], query?: Record<string, string>, headers = admin.headers) =>
  call(t.app, endpoint, query, headers);
const RANGE = { from: '2030-06-14', to: '2030-06-15' };

describe('dashboard', () => {
  it("summarises today in the server's time zone", async () => {
    const summary = expectOk(adminEndpoints.dashboardSummary, await get(adminEndpoints.dashboardSummary));
    expect(summary).toEqual({
      timeZone: TZ,
      today: '2030-06-15',
      users: 4,
      newUsersToday: 2,
      activeUsersToday: 3,
      // every request, also the failed, cancelled and unusable ones
      analysesToday: 6,
      // the successful ones only: 200, 300, 400
      medianAnalysisMsToday: 300,
      speechTextsToday: 2,
    });
  });

  it('counts new and active users per day', async () => {
    const data = expectOk(adminEndpoints.dashboardUsers, await get(adminEndpoints.dashboardUsers, RANGE));
    expect(data.days).toEqual([
      { day: '2030-06-14', newUsers: 1, activeUsers: 1 },
      { day: '2030-06-15', newUsers: 2, activeUsers: 3 },
    ]);
  });

  it('counts analyses per day and scenario, exactly at the day boundary', async () => {
    const data = expectOk(
      adminEndpoints.dashboardAnalyses,
      await get(adminEndpoints.dashboardAnalyses, RANGE),
    );
    expect(data.scenarios).toEqual(['observe', 'reading', 'realtime']);
    expect(data.days).toEqual([
      { day: '2030-06-14', total: 1, counts: [0, 1, 0] },
      { day: '2030-06-15', total: 6, counts: [3, 2, 1] },
    ]);
  });

  it('gives the median and p95 latency of successful analyses per day', async () => {
    const data = expectOk(adminEndpoints.dashboardLatency, await get(adminEndpoints.dashboardLatency, RANGE));
    expect(data.days).toEqual([
      { day: '2030-06-14', medianMs: 100, p95Ms: 100 },
      // percentile_cont over 200, 300, 400: p95 = 300 + 0.9 × 100
      { day: '2030-06-15', medianMs: 300, p95Ms: 390 },
    ]);
  });

  it('counts failed analyses and unusable photos per day', async () => {
    const data = expectOk(
      adminEndpoints.dashboardFailures,
      await get(adminEndpoints.dashboardFailures, RANGE),
    );
    expect(data.days).toEqual([
      { day: '2030-06-14', failed: 0, unusable: 0, total: 1 },
      { day: '2030-06-15', failed: 1, unusable: 1, total: 6 },
    ]);
  });

  it('counts call outcomes per day with the average and median length of the completed calls', async () => {
    const data = expectOk(adminEndpoints.dashboardCalls, await get(adminEndpoints.dashboardCalls, RANGE));
    const none = { missed: 0, cancelled: 0, failed: 0 };
    expect(data.days).toEqual([
      {
        day: '2030-06-14',
        completed: 1,
        ...none,
        averageSeconds: 60,
        medianSeconds: 60,
        answerP50Seconds: 10,
        answerP90Seconds: 10,
        byVolunteers: 1,
        byOperators: 0,
        unanswered: 0,
      },
      // 30, 120 and 45 s: the average is 65, the median 45; answered after 4, 20 and 60 s (the
      // last by an operator): median 20, 90th percentile 52; three calls nobody answered
      {
        day: '2030-06-15',
        completed: 3,
        missed: 1,
        cancelled: 1,
        failed: 1,
        averageSeconds: 65,
        medianSeconds: 45,
        answerP50Seconds: 20,
        answerP90Seconds: 52,
        byVolunteers: 2,
        byOperators: 1,
        unanswered: 3,
      },
    ]);
    // over the range (60, 30, 120, 45 s; waits 10, 4, 20, 60 s): not an average of the days' numbers
    expect(data.totals).toEqual({
      completed: 4,
      missed: 1,
      cancelled: 1,
      failed: 1,
      averageSeconds: 64,
      medianSeconds: 53,
      answerP50Seconds: 15,
      answerP90Seconds: 48,
      byVolunteers: 3,
      byOperators: 1,
      unanswered: 3,
    });
    const quiet = expectOk(
      adminEndpoints.dashboardCalls,
      await get(adminEndpoints.dashboardCalls, { from: '2030-06-01', to: '2030-06-01' }),
    );
    const nothing = {
      completed: 0,
      ...none,
      averageSeconds: null,
      medianSeconds: null,
      answerP50Seconds: null,
      answerP90Seconds: null,
      byVolunteers: 0,
      byOperators: 0,
      unanswered: 0,
    };
    expect(quiet.days).toEqual([{ day: '2030-06-01', ...nothing }]);
    expect(quiet.totals).toEqual(nothing);
  });

  it('answers the last 30 days by default, every day zero-filled', async () => {
    const data = expectOk(adminEndpoints.dashboardFailures, await get(adminEndpoints.dashboardFailures));
    expect(data.days).toHaveLength(30);
    expect(data).toMatchObject({ from: '2030-05-17', to: '2030-06-15' });
    expect(data.days[0]).toEqual({ day: '2030-05-17', failed: 0, unusable: 0, total: 0 });
    const latency = expectOk(adminEndpoints.dashboardLatency, await get(adminEndpoints.dashboardLatency));
    expect(latency.days[0]).toEqual({ day: '2030-05-17', medianMs: null, p95Ms: null });
  });

  it('answers a bad range with the catalogue message', async () => {
    const panel = adminEndpoints.dashboardAnalyses;
    expectError(
      await get(panel, { from: '2030-06-15', to: '2030-06-14' }),
      400,
      'date_range_invalid',
      '开始日期不能晚于结束日期',
    );
    expectError(await get(panel, { from: '2030-06-16' }), 400, 'date_range_invalid');
    expectError(await get(panel, { from: '2030-13-01' }), 400, 'date_invalid');
    expectError(
      await get(panel, { from: '2028-01-01', to: '2030-06-15' }),
      400,
      'date_range_too_long',
      '日期范围不能超过 366 天',
    );
    expectError(await get(panel, { days: '7' }), 400, 'unknown_field');
  });

  it('is for admins only: a user token or none is refused on every panel', async () => {
    for (const panel of [
      adminEndpoints.dashboardSummary,
      adminEndpoints.dashboardUsers,
      adminEndpoints.dashboardAnalyses,
      adminEndpoints.dashboardLatency,
      adminEndpoints.dashboardFailures,
      adminEndpoints.dashboardCalls,
    ]) {
      expectError(await get(panel, undefined, auth(userToken)), 401, 'token_invalid');
      expectError(await get(panel, undefined, {}), 401, 'unauthorized');
    }
  });
});
