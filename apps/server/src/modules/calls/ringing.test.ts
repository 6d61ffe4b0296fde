import { VOLUNTEER } from '@sfm/protocol';
import { CallServerEvents } from '@sfm/protocol/calls';
import { AvailabilityChoice, type QuietHours, type SnoozeChoice } from '@sfm/protocol/calls-availability';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultCallsConfig, type CallsConfig } from '../../config/calls-config.ts';
import {
  callPresence,
  callRings,
  calls,
  pushSubscriptions,
  volunteerProfiles,
} from '../../db/calls-schema.ts';
import { createLogger } from '../../logger.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness/databases.ts';
import { UsersRepo } from '../users/repo.ts';
import { FakeRooms, ManualClock, ManualScheduler } from '../../../test/fakes/calls.ts';
import { rooms as callRooms } from './call-rooms.ts';
import { callRepos, createCallServices } from './call-services.ts';
import { batchSize, ringingSchedule } from './ringing-schedule.ts';

/**
 * Fair and humane ringing (issue 31): the volunteers asked longest ago first, nobody in their quiet
 * hours (on their own clock) or pausing, a small first batch that widens, and the seeker told every
 * 15 s how many have been notified. The server's clock is UTC here, as on the test machines.
 */
const NODE = 'test-node';
let database: TestDatabase;
let phoneCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  // nobody online, no open call, and no volunteer of an earlier test left to ring
  await database.db.delete(callPresence);
  await database.db.delete(calls);
  await database.db.delete(pushSubscriptions);
  await database.db.delete(volunteerProfiles);
});

async function newUser(nickname: string): Promise<string> {
  phoneCounter += 1;
  const user = await new UsersRepo(database.db).create({
    phone: `138${String(phoneCounter).padStart(8, '0')}`,
    passwordHash: null,
    nickname,
    userType: VOLUNTEER,
  });
  if (!user) throw new Error('user not created');
  return user.id;
}

interface VolunteerOptions {
  timeZone?: string;
  quietHours?: QuietHours;
  /** Away from the page, rung by Web Push. */
  away?: boolean;
}

function setUp(config: Partial<CallsConfig> = {}, start = '2026-06-01T12:00:00Z') {
  const rooms = new FakeRooms();
  const scheduler = new ManualScheduler();
  const clock = new ManualClock(scheduler, new Date(start));
  const repos = callRepos(database.db);
  const pushed: string[] = [];
  const push = {
    publicKey: 'test-key',
    ring: (volunteerIds: string[]) => {
      pushed.push(...volunteerIds);
      return Promise.resolve();
    },
  };
  const { lifecycle: service, availability } = createCallServices({
    repos,
    rooms,
    config: { ...defaultCallsConfig(), ...config },
    clock: clock.now,
    logger: createLogger('silent'),
    push,
    scheduler,
  });
  const volunteer = async (name: string, options: VolunteerOptions = {}) => {
    const userId = await newUser(name);
    const socket = `sock-${name}-${userId}`;
    rooms.connect(socket, callRooms.available(userId));
    const profile = await availability.setAvailability({ userId, socketId: socket }, NODE, {
      available: true,
      languages: ['zh'],
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      ...(options.quietHours ? { quietHours: options.quietHours } : {}),
    });
    if (options.away) {
      await repos.pushSubscriptions.save(
        userId,
        {
          endpoint: `https://fcm.googleapis.com/fcm/send/${userId}`,
          p256dh: 'k',
          auth: 'a',
          locale: 'zh-CN',
        },
        clock.now(),
      );
      rooms.disconnect(socket);
      await service.socketGone(socket);
    }
    return { userId, socket, name, profile };
  };
  const seekerId = newUser('求助者');
  const seekerSocket = 'sock-seeker';
  rooms.connect(seekerSocket);
  const ask = async () =>
    service.request({ userId: await seekerId, socketId: seekerSocket }, { language: 'zh', context: null });
  /** Asks at `at`, returns who was rung at once, and cancels. */
  const ringNow = async (at: string): Promise<Set<string>> => {
    clock.set(at);
    const callId = await ask();
    const rung = new Set(await repos.ringing.ringedVolunteers(callId));
    await service.cancel(await seekerId, callId);
    return rung;
  };
  return {
    rooms,
    scheduler,
    clock,
    repos,
    service,
    availability,
    volunteer,
    ask,
    ringNow,
    seekerId,
    seekerSocket,
    pushed,
  };
}

const ringsOf = async (callId: string) =>
  database.db
    .select({ volunteerId: callRings.volunteerId, batch: callRings.batch, rungAt: callRings.rungAt })
    .from(callRings)
    .where(eq(callRings.callId, callId))
    .orderBy(asc(callRings.batch));

describe('fair rotation', () => {
  it('asks every one of 100 volunteers before anyone is asked twice, over 20 calls', async () => {
    const t = setUp({
      batchSize: 2,
      batchGrowth: 2,
      maxBatchSize: 32,
      batchSeconds: 15,
      volunteerSeconds: 60,
    });
    const volunteers = [];
    for (let i = 0; i < 100; i += 1) volunteers.push(await t.volunteer(`轮流${i}`));
    const asked = new Map(volunteers.map((v) => [v.userId, 0]));
    const seekerId = await t.seekerId;

    for (let call = 0; call < 20; call += 1) {
      const callId = await t.ask();
      await t.scheduler.advance(60); // every batch, then the operators' queue
      await t.service.cancel(seekerId, callId);
      // batch by batch (a batch is one moment): each asks those asked least, so nobody is ever
      // asked a second time while someone who could be rung was never asked (a third, a second…)
      const rings = await ringsOf(callId);
      expect(rings.map((r) => r.batch)).toEqual([
        ...Array<number>(2).fill(1),
        ...Array<number>(4).fill(2),
        ...Array<number>(8).fill(3),
        ...Array<number>(16).fill(4),
      ]);
      for (const batch of [1, 2, 3, 4]) {
        for (const ring of rings.filter((r) => r.batch === batch)) {
          asked.set(ring.volunteerId, (asked.get(ring.volunteerId) ?? 0) + 1);
        }
        const counts = [...asked.values()];
        expect(
          Math.max(...counts) - Math.min(...counts),
          `call ${call + 1}, batch ${batch}`,
        ).toBeLessThanOrEqual(1);
      }
    }
    // 20 calls × 30 rings: each of the 100 asked exactly 6 times, on their page
    expect(new Set(asked.values())).toEqual(new Set([6]));
    for (const v of volunteers) expect(t.rooms.received(v.socket, 'incomingCall')).toHaveLength(6);
  }, 60_000);

  it('asks a volunteer never asked before one asked already, wherever they are reached', async () => {
    const t = setUp({ batchSize: 1, batchGrowth: 1 });
    const online = await t.volunteer('在页面上的');
    // the online one was asked by an earlier call: the one only reachable by push goes first now
    expect(await t.ringNow('2026-06-01T12:00:00Z')).toEqual(new Set([online.userId]));
    const away = await t.volunteer('离开页面的', { away: true });
    expect(await t.ringNow('2026-06-01T12:05:00Z')).toEqual(new Set([away.userId]));
    expect(t.pushed).toEqual([away.userId]);
    expect(await t.ringNow('2026-06-01T12:10:00Z')).toEqual(new Set([online.userId]));
  });
});

describe('two seekers at once', () => {
  it('ring different volunteers while free ones are left, even asked at the same instant', async () => {
    const t = setUp({ batchSize: 2, batchGrowth: 1 });
    for (let i = 0; i < 4; i += 1) await t.volunteer(`同时${i}`);
    // two rounds give the four distinct asking times: the same two are the longest-waiting for both calls
    await t.ringNow('2026-06-01T12:00:00Z');
    await t.ringNow('2026-06-01T12:01:00Z');
    t.clock.set('2026-06-01T12:02:00Z');
    const other = await newUser('另一位求助者');
    t.rooms.connect('sock-other-seeker');
    const [first, second] = await Promise.all([
      t.ask(),
      t.service.request({ userId: other, socketId: 'sock-other-seeker' }, { language: 'zh', context: null }),
    ]);
    const a = await t.repos.ringing.ringedVolunteers(first);
    const b = await t.repos.ringing.ringedVolunteers(second);
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(2);
    expect(a.filter((v) => b.includes(v))).toEqual([]);
  });
});

describe('quiet hours on the volunteer’s own clock', () => {
  it('rings each volunteer in their daytime and not in their night, across time zones', async () => {
    const t = setUp({ batchSize: 20, batchGrowth: 1 });
    // the server's clock is UTC; Shanghai is 8 h ahead of it, Los Angeles 7 h behind (summer time)
    const shanghai = await t.volunteer('上海', { timeZone: 'Asia/Shanghai' });
    const london = await t.volunteer('伦敦', { timeZone: 'Europe/London' });
    const losAngeles = await t.volunteer('洛杉矶', { timeZone: 'America/Los_Angeles' });
    const nightOwl = await t.volunteer('夜猫子', {
      timeZone: 'Asia/Shanghai',
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
    });
    const napper = await t.volunteer('午睡', {
      timeZone: 'UTC',
      quietHours: { enabled: true, start: '13:00', end: '15:00' },
    });
    const shanghaiAway = await t.volunteer('上海离开页面', { timeZone: 'Asia/Shanghai', away: true });
    // the zone not told yet (a page of before): their night cannot be placed, they are rung
    const unknown = await t.volunteer('时区未知');
    expect(shanghai.profile.quietHours).toEqual({ enabled: true, start: '22:00', end: '07:00' });
    expect(unknown.profile.timeZone).toBeNull();
    const ids = (...vs: { userId: string }[]) => new Set(vs.map((v) => v.userId));

    // 14:30 UTC, the server's afternoon: 22:30 in Shanghai, 15:30 in London, 07:30 in Los Angeles
    expect(await t.ringNow('2026-06-01T14:30:00Z')).toEqual(ids(london, losAngeles, nightOwl, unknown));
    expect(t.pushed).toEqual([]);
    // 02:00 UTC, the server's night: 10:00 in Shanghai (rung, by push too), 03:00 in London, 19:00 in LA
    expect(await t.ringNow('2026-06-02T02:00:00Z')).toEqual(
      ids(shanghai, shanghaiAway, losAngeles, nightOwl, napper, unknown),
    );
    expect(t.pushed).toEqual([shanghaiAway.userId]);
    // to the minute, in Shanghai: 21:59 rung, 22:00 quiet, 06:59 quiet, 07:00 rung
    expect((await t.ringNow('2026-06-01T13:59:00Z')).has(shanghai.userId)).toBe(true);
    expect((await t.ringNow('2026-06-01T14:00:00Z')).has(shanghai.userId)).toBe(false);
    expect((await t.ringNow('2026-06-01T22:59:00Z')).has(shanghai.userId)).toBe(false);
    expect((await t.ringNow('2026-06-01T23:00:00Z')).has(shanghai.userId)).toBe(true);
    // a window that does not cross midnight: 13:00 to 15:00 only
    expect((await t.ringNow('2026-06-01T12:59:00Z')).has(napper.userId)).toBe(true);
    expect((await t.ringNow('2026-06-01T13:00:00Z')).has(napper.userId)).toBe(false);
    expect((await t.ringNow('2026-06-01T15:00:00Z')).has(napper.userId)).toBe(true);
  });

  it('keeps the quiet hours a volunteer set, and checks a zone against the database', async () => {
    const t = setUp({ batchSize: 5, batchGrowth: 1 });
    const v = await t.volunteer('改时段', { timeZone: 'Asia/Tokyo' });
    // an evening person: quiet from 01:00 to 09:30 in Tokyo (UTC+9)
    const quietHours = { enabled: true, start: '01:00', end: '09:30' };
    const saved = await t.availability.setAvailability({ userId: v.userId, socketId: v.socket }, NODE, {
      available: true,
      languages: ['zh'],
      quietHours,
    });
    expect(saved).toMatchObject({ quietHours, timeZone: 'Asia/Tokyo' });
    // the page heard all of it (the socket's echo of the choice does not carry it all)
    expect(t.rooms.received(v.socket, 'availability').at(-1)).toEqual(saved);
    // a choice without quiet hours (the switch 接听求助 alone) keeps them
    await t.availability.setAvailability({ userId: v.userId, socketId: v.socket }, NODE, {
      available: true,
      languages: ['zh'],
    });
    expect((await t.availability.availability(v.userId)).quietHours).toEqual(quietHours);
    expect((await t.ringNow('2026-06-01T13:30:00Z')).has(v.userId)).toBe(true); // 22:30 in Tokyo
    expect((await t.ringNow('2026-06-01T16:00:00Z')).has(v.userId)).toBe(false); // 01:00
    expect((await t.ringNow('2026-06-02T00:29:00Z')).has(v.userId)).toBe(false); // 09:29
    expect((await t.ringNow('2026-06-02T00:30:00Z')).has(v.userId)).toBe(true); // 09:30

    // a zone name PostgreSQL does not know is refused, and nothing is saved
    await expect(
      t.availability.setAvailability({ userId: v.userId, socketId: v.socket }, NODE, {
        available: true,
        languages: ['zh'],
        timeZone: 'Mars/Olympus_Mons',
      }),
    ).rejects.toMatchObject({ status: 400, key: 'errors.validation', details: { field: 'timeZone' } });
    expect((await t.availability.availability(v.userId)).timeZone).toBe('Asia/Tokyo');
  });
});

describe('a pause (snooze)', () => {
  const snooze = (
    t: ReturnType<typeof setUp>,
    v: { userId: string; socket: string },
    choice: SnoozeChoice,
    extra: { quietHours?: QuietHours; timeZone?: string } = {},
  ) =>
    t.availability.setAvailability({ userId: v.userId, socketId: v.socket }, NODE, {
      available: true,
      languages: ['zh'],
      snooze: choice,
      ...extra,
    });

  it('for an hour: not rung until the hour is over', async () => {
    const t = setUp({ batchSize: 5, batchGrowth: 1 }, '2026-06-01T04:00:00Z');
    const v = await t.volunteer('歇一小时', { timeZone: 'Asia/Shanghai' });
    const saved = await snooze(t, v, 'hour');
    expect(saved.snoozedUntil).toBe('2026-06-01T05:00:00.000Z');
    expect(t.rooms.received(v.socket, 'availability').at(-1)).toMatchObject({
      snoozedUntil: '2026-06-01T05:00:00.000Z',
    });
    expect((await t.ringNow('2026-06-01T04:59:59Z')).has(v.userId)).toBe(false);
    expect((await t.ringNow('2026-06-01T05:00:00Z')).has(v.userId)).toBe(true);
  });

  it('until tomorrow: the end of their quiet hours on their clock, or 07:00 when those are off', async () => {
    const t = setUp({ batchSize: 5, batchGrowth: 1 }, '2026-06-01T04:00:00Z'); // noon in Shanghai
    const v = await t.volunteer('明天再来', { timeZone: 'Asia/Shanghai' });
    expect((await snooze(t, v, 'tomorrow')).snoozedUntil).toBe('2026-06-01T23:00:00.000Z'); // 07:00 on the 2nd
    const late = { enabled: true, start: '23:30', end: '08:30' };
    expect((await snooze(t, v, 'tomorrow', { quietHours: late })).snoozedUntil).toBe(
      '2026-06-02T00:30:00.000Z',
    );
    // quiet hours off: until 07:00, and only the pause keeps the rings away before it
    const off = { enabled: false, start: '23:30', end: '08:30' };
    expect((await snooze(t, v, 'tomorrow', { quietHours: off })).snoozedUntil).toBe(
      '2026-06-01T23:00:00.000Z',
    );
    expect((await t.ringNow('2026-06-01T16:00:00Z')).has(v.userId)).toBe(false); // midnight there
    expect((await t.ringNow('2026-06-01T22:59:00Z')).has(v.userId)).toBe(false);
    expect((await t.ringNow('2026-06-01T23:00:00Z')).has(v.userId)).toBe(true);
    // chosen at 02:00 in Shanghai: this morning's 07:00
    t.clock.set('2026-06-01T18:00:00Z');
    expect((await snooze(t, v, 'tomorrow', { quietHours: off })).snoozedUntil).toBe(
      '2026-06-01T23:00:00.000Z',
    );
    // in another zone, across a change of summer time: 07:00 in New York on Sunday 8 March is 11:00 UTC
    t.clock.set('2026-03-07T20:00:00Z');
    expect(
      (await snooze(t, v, 'tomorrow', { timeZone: 'America/New_York', quietHours: off })).snoozedUntil,
    ).toBe('2026-03-08T11:00:00.000Z');
  });

  it('until tomorrow needs the volunteer’s zone', async () => {
    const t = setUp();
    const v = await t.volunteer('不知道时区');
    await expect(snooze(t, v, 'tomorrow')).rejects.toMatchObject({ status: 400, key: 'errors.validation' });
    expect((await t.availability.availability(v.userId)).snoozedUntil).toBeNull();
  });

  it('for a week', async () => {
    const t = setUp({ batchSize: 5, batchGrowth: 1 }, '2026-06-01T04:00:00Z');
    const v = await t.volunteer('休假一周', { timeZone: 'Asia/Shanghai' });
    expect((await snooze(t, v, 'week')).snoozedUntil).toBe('2026-06-08T04:00:00.000Z');
    expect((await t.ringNow('2026-06-05T04:00:00Z')).has(v.userId)).toBe(false);
    expect((await t.ringNow('2026-06-08T03:59:00Z')).has(v.userId)).toBe(false);
    expect((await t.ringNow('2026-06-08T04:00:00Z')).has(v.userId)).toBe(true);
  });

  it('ended early: rung again at once; a choice without a pause keeps the one running', async () => {
    const t = setUp({ batchSize: 5, batchGrowth: 1 }, '2026-06-01T04:00:00Z');
    const v = await t.volunteer('提前回来', { timeZone: 'Asia/Shanghai' });
    await snooze(t, v, 'week');
    // the languages changed, the pause untouched
    await t.availability.setAvailability({ userId: v.userId, socketId: v.socket }, NODE, {
      available: true,
      languages: ['zh', 'en'],
    });
    expect((await t.availability.availability(v.userId)).snoozedUntil).toBe('2026-06-08T04:00:00.000Z');
    expect((await t.ringNow('2026-06-01T04:10:00Z')).has(v.userId)).toBe(false);

    const ended = await snooze(t, v, 'off');
    expect(ended.snoozedUntil).toBeNull();
    expect(t.rooms.received(v.socket, 'availability').at(-1)).toMatchObject({ snoozedUntil: null });
    expect((await t.ringNow('2026-06-01T04:11:00Z')).has(v.userId)).toBe(true);
  });
});

describe('the widening ring', () => {
  it('plans a small first batch that grows each step, capped, and the progress every 15 s', () => {
    const config = defaultCallsConfig();
    expect(config).toMatchObject({ batchSize: 2, batchGrowth: 2, maxBatchSize: 32, batchSeconds: 15 });
    expect(ringingSchedule(config)).toEqual([
      { atSeconds: 0, batch: { number: 1, size: 2 }, progress: false },
      { atSeconds: 15, batch: { number: 2, size: 4 }, progress: true },
      { atSeconds: 30, batch: { number: 3, size: 8 }, progress: true },
      { atSeconds: 45, batch: { number: 4, size: 16 }, progress: true },
    ]);
    const sizes = (over: Partial<CallsConfig>) =>
      [1, 2, 3, 4, 5, 6, 7].map((n) => batchSize({ ...config, ...over }, n));
    expect(sizes({})).toEqual([2, 4, 8, 16, 32, 32, 32]);
    expect(sizes({ batchSize: 2, batchGrowth: 1.5, maxBatchSize: 10 })).toEqual([2, 3, 5, 7, 10, 10, 10]);
    expect(sizes({ batchSize: 5, batchGrowth: 1 })).toEqual([5, 5, 5, 5, 5, 5, 5]);
    // batches every 20 s: the progress keeps its own 15 s
    expect(
      ringingSchedule({ ...config, batchSeconds: 20, volunteerSeconds: 60 }).map((s) => [
        s.atSeconds,
        s.batch?.size ?? null,
        s.progress,
      ]),
    ).toEqual([
      [0, 2, false],
      [15, null, true],
      [20, 4, false],
      [30, null, true],
      [40, 8, false],
      [45, null, true],
    ]);
  });

  it('rings 2, 4, 8, then batches of the cap, one step after another', async () => {
    const t = setUp({
      batchSize: 2,
      batchGrowth: 2,
      maxBatchSize: 10,
      batchSeconds: 10,
      volunteerSeconds: 60,
    });
    for (let i = 0; i < 60; i += 1) await t.volunteer(`扩大${i}`);
    const callId = await t.ask();
    const sizesSoFar = async () => {
      const perBatch = new Map<number, number>();
      for (const r of await ringsOf(callId)) perBatch.set(r.batch, (perBatch.get(r.batch) ?? 0) + 1);
      return [...perBatch.values()];
    };
    expect(await sizesSoFar()).toEqual([2]);
    await t.scheduler.advance(9);
    expect(await sizesSoFar()).toEqual([2]);
    await t.scheduler.advance(1);
    expect(await sizesSoFar()).toEqual([2, 4]);
    await t.scheduler.advance(10);
    expect(await sizesSoFar()).toEqual([2, 4, 8]);
    await t.scheduler.advance(30);
    expect(await sizesSoFar()).toEqual([2, 4, 8, 10, 10, 10]);
    // each batch a step later than the one before, each on the service's clock
    const times = [...new Set((await ringsOf(callId)).map((r) => r.rungAt.toISOString()))];
    expect(times).toEqual(
      [0, 10, 20, 30, 40, 50].map((s) =>
        new Date(Date.parse('2026-06-01T12:00:00Z') + s * 1000).toISOString(),
      ),
    );
    await t.scheduler.advance(10);
    expect((await database.db.select().from(calls).where(eq(calls.id, callId)))[0]?.stage).toBe('operators');
    expect(await sizesSoFar()).toEqual([2, 4, 8, 10, 10, 10]);
  });
});

describe('the seeker hears the progress', () => {
  const progressOf = (t: ReturnType<typeof setUp>) =>
    t.rooms.received(t.seekerSocket, 'ringProgress').map((p) => CallServerEvents.ringProgress.parse(p));

  it('every 15 s while volunteers are rung: how many have been notified so far', async () => {
    const t = setUp({
      batchSize: 2,
      batchGrowth: 2,
      maxBatchSize: 32,
      batchSeconds: 15,
      volunteerSeconds: 60,
    });
    for (let i = 0; i < 20; i += 1) await t.volunteer(`进度${i}`);
    const callId = await t.ask();
    await t.scheduler.advance(14.9);
    expect(progressOf(t)).toEqual([]);
    await t.scheduler.advance(0.1);
    expect(progressOf(t)).toEqual([{ callId, notified: 6 }]); // 2, and the 4 rung at that moment
    await t.scheduler.advance(15);
    expect(progressOf(t).at(-1)).toEqual({ callId, notified: 14 });
    await t.scheduler.advance(15);
    expect(progressOf(t).at(-1)).toEqual({ callId, notified: 20 }); // all there are
    // with the operators from 60 s on: no more counts of volunteers
    await t.scheduler.advance(60);
    expect(progressOf(t).map((p) => p.notified)).toEqual([6, 14, 20]);
    expect(t.rooms.received(t.seekerSocket, 'callRinging').at(-1)).toEqual({ callId, stage: 'operators' });
  });

  it('on its own 15 s beside batches of another pace, and not once the call is answered', async () => {
    const t = setUp({
      batchSize: 2,
      batchGrowth: 2,
      maxBatchSize: 32,
      batchSeconds: 20,
      volunteerSeconds: 60,
    });
    const volunteers = [];
    for (let i = 0; i < 20; i += 1) volunteers.push(await t.volunteer(`节奏${i}`));
    const callId = await t.ask();
    await t.scheduler.advance(15);
    expect(progressOf(t)).toEqual([{ callId, notified: 2 }]);
    await t.scheduler.advance(15);
    expect(progressOf(t)).toEqual([
      { callId, notified: 2 },
      { callId, notified: 6 },
    ]);
    const rung = volunteers.find((v) => t.rooms.received(v.socket, 'incomingCall').length > 0)!;
    expect(
      await t.service.accept({ kind: 'volunteer', userId: rung.userId, socketId: rung.socket }, callId),
    ).toBe(true);
    await t.scheduler.advance(60);
    expect(progressOf(t)).toHaveLength(2);
  });

  it('says nothing for a call answered on another node (its timers here still fire)', async () => {
    const t = setUp({
      batchSize: 2,
      batchGrowth: 2,
      maxBatchSize: 32,
      batchSeconds: 15,
      volunteerSeconds: 60,
    });
    const v = await t.volunteer('别的节点接听');
    const callId = await t.ask();
    // answered through another service (another node): this node's timers are not cancelled
    const elsewhere = setUp();
    expect(
      await elsewhere.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId),
    ).toBe(true);
    await t.scheduler.advance(45);
    expect(progressOf(t)).toEqual([]);
  });
});

describe('the protocol', () => {
  it('takes a volunteer’s quiet hours, zone and pause, and refuses malformed ones', () => {
    const base = { available: true, languages: ['zh'] };
    expect(
      AvailabilityChoice.parse({
        ...base,
        timeZone: 'Asia/Shanghai',
        quietHours: { enabled: true, start: '22:00', end: '07:00' },
        snooze: 'tomorrow',
      }),
    ).toMatchObject({ timeZone: 'Asia/Shanghai', snooze: 'tomorrow' });
    for (const bad of [
      { timeZone: 'Mars/Olympus_Mons' },
      { timeZone: '' },
      { quietHours: { enabled: true, start: '24:00', end: '07:00' } },
      { quietHours: { enabled: true, start: '7:00', end: '22:00' } },
      { quietHours: { enabled: true, start: '22:00', end: '22:00' } },
      { quietHours: { enabled: 'yes', start: '22:00', end: '07:00' } },
      { snooze: 'forever' },
    ]) {
      expect(AvailabilityChoice.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
