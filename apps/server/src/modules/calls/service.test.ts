import { VOLUNTEER } from '@sfm/protocol';
import { type CallLanguage } from '@sfm/protocol/calls-language';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultCallsConfig, type CallsConfig } from '../../config/calls-config.ts';
import { callPresence, calls } from '../../db/calls-schema.ts';
import { admins, users } from '../../db/core-schema.ts';
import { createLogger } from '../../logger.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness/databases.ts';
import { UsersRepo } from '../users/repo.ts';
import { FakeRooms, ManualScheduler } from '../../../test/fakes/calls.ts';
import { rooms as callRooms } from './call-rooms.ts';
import { callRepos, createCallServices } from './call-services.ts';

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
  // every test starts with nobody online and no open call
  await database.db.delete(callPresence);
  await database.db.delete(calls);
});

/** Every user here chose the volunteer role (a volunteer may also ask for help), so any may be rung. */
async function newUser(nickname: string): Promise<string> {
  phoneCounter += 1;
  const user = await new UsersRepo(database.db).create({
    phone: `137${String(phoneCounter).padStart(8, '0')}`,
    passwordHash: null,
    nickname,
    userType: VOLUNTEER,
  });
  if (!user) throw new Error('user not created');
  return user.id;
}

function setUp(config: Partial<CallsConfig> = {}, clock: () => Date = () => new Date()) {
  const rooms = new FakeRooms();
  const scheduler = new ManualScheduler();
  const pushed: { volunteerIds: string[]; callId: string }[] = [];
  const push = {
    publicKey: 'test-key',
    ring: (volunteerIds: string[], call: { callId: string }) => {
      pushed.push({ volunteerIds, callId: call.callId });
      return Promise.resolve();
    },
  };
  const repos = callRepos(database.db);
  const {
    lifecycle: service,
    availability,
    pushSubscriptions,
    history,
    timers,
  } = createCallServices({
    repos,
    rooms,
    config: { ...defaultCallsConfig(), ...config },
    clock,
    logger: createLogger('silent'),
    push,
    scheduler,
  });
  /** A volunteer whose page is open and available, on socket `socket`. */
  const volunteer = async (name: string, languages: CallLanguage[] = ['zh']) => {
    const userId = await newUser(name);
    const socket = `sock-${name}`;
    rooms.connect(socket, callRooms.available(userId));
    await availability.setAvailability({ userId, socketId: socket }, NODE, { available: true, languages });
    return { userId, socket };
  };
  const seeker = async (name = '求助者') => {
    const userId = await newUser(name);
    const socket = `sock-${name}`;
    rooms.connect(socket);
    return { userId, socket };
  };
  const ask = (who: { userId: string; socket: string }, language: CallLanguage = 'zh') =>
    service.request({ userId: who.userId, socketId: who.socket }, { language, context: null });
  return {
    rooms,
    scheduler,
    repos,
    service,
    availability,
    pushSubscriptions,
    history,
    timers,
    volunteer,
    seeker,
    ask,
    pushed,
  };
}

const statusOf = async (callId: string) => {
  const [row] = await database.db.select().from(calls).where(eq(calls.id, callId));
  return row;
};

describe('CallService', () => {
  it('connects exactly one of 20 volunteers accepting at once; every other one is told at once', async () => {
    const t = setUp({ batchSize: 20 });
    const volunteers = await Promise.all(Array.from({ length: 20 }, (_, i) => t.volunteer(`志愿者${i}`)));
    const seeker = await t.seeker();
    const callId = await t.ask(seeker);
    for (const v of volunteers) expect(t.rooms.received(v.socket, 'incomingCall')).toHaveLength(1);
    expect(t.rooms.received(volunteers[0]!.socket, 'incomingCall')[0]).toMatchObject({
      callId,
      seekerName: '求助者',
      language: 'zh',
    });

    const results = await Promise.all(
      volunteers.map((v) =>
        t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId),
      ),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = volunteers[results.indexOf(true)]!;
    const row = await statusOf(callId);
    expect(row).toMatchObject({
      status: 'connected',
      volunteerId: winner.userId,
      helperSocket: winner.socket,
    });
    for (const v of volunteers) {
      if (v === winner) {
        expect(t.rooms.received(v.socket, 'ringStopped')).toEqual([]);
        expect(t.rooms.received(v.socket, 'callConnected')[0]).toMatchObject({
          role: 'helper',
          peerName: '求助者',
        });
      } else {
        expect(t.rooms.received(v.socket, 'ringStopped')).toContainEqual({ callId, reason: 'taken' });
        expect(t.rooms.received(v.socket, 'callConnected')).toEqual([]);
      }
    }
    expect(t.rooms.received(seeker.socket, 'callConnected')[0]).toMatchObject({
      callId,
      role: 'seeker',
      peerName: winner.userId === volunteers[0]!.userId ? '志愿者0' : expect.stringMatching(/^志愿者\d+$/),
    });
    // the seeker's and the winner's sockets are the call's room; signalling reaches only the other
    expect(t.rooms.inRoom(seeker.socket, callRooms.call(callId))).toBe(true);
    expect(t.rooms.inRoom(winner.socket, callRooms.call(callId))).toBe(true);
    t.service.relay(seeker.socket, callId, { kind: 'torch', on: true });
    const signalled = t.rooms.delivered.filter((d) => d.event === 'signal').map((d) => d.socket);
    expect(signalled).toEqual([winner.socket]);
    expect(t.scheduler.pending).toBe(0);
  });

  it('rings in batches, then the operators after the volunteers time, then tells the seeker no one answered', async () => {
    // batches of one size here: the widening ring is ringing.test.ts's
    const t = setUp({
      batchSize: 2,
      batchGrowth: 1,
      batchSeconds: 30,
      volunteerSeconds: 60,
      operatorSeconds: 120,
    });
    const volunteers = await Promise.all(['甲', '乙', '丙', '丁', '戊'].map((n) => t.volunteer(n)));
    const seeker = await t.seeker();
    const rungSockets = () => volunteers.filter((v) => t.rooms.received(v.socket, 'incomingCall').length > 0);
    const callId = await t.ask(seeker);
    expect(rungSockets()).toHaveLength(2);

    await t.scheduler.advance(29);
    expect(rungSockets()).toHaveLength(2);
    await t.scheduler.advance(1);
    expect(rungSockets()).toHaveLength(4); // a second batch, nobody rung twice
    for (const v of volunteers)
      expect(t.rooms.received(v.socket, 'incomingCall').length).toBeLessThanOrEqual(1);

    const operator = 'sock-operator';
    t.rooms.connect(operator, callRooms.operators);
    await t.scheduler.advance(30);
    expect((await statusOf(callId))?.stage).toBe('operators');
    for (const v of rungSockets())
      expect(t.rooms.received(v.socket, 'ringStopped')).toEqual([{ callId, reason: 'expired' }]);
    expect(t.rooms.received(seeker.socket, 'callRinging')).toEqual([
      { callId, stage: 'volunteers' },
      { callId, stage: 'operators' },
    ]);
    expect(t.rooms.received(operator, 'queue').at(-1)).toMatchObject({
      calls: [{ callId, seekerName: '求助者' }],
    });
    // a volunteer can no longer take it once it is the operators'
    const late = volunteers[0]!;
    expect(
      await t.service.accept({ kind: 'volunteer', userId: late.userId, socketId: late.socket }, callId),
    ).toBe(false);

    await t.scheduler.advance(119);
    expect(t.rooms.received(seeker.socket, 'noAnswer')).toEqual([]);
    await t.scheduler.advance(1);
    expect(t.rooms.received(seeker.socket, 'noAnswer')).toEqual([{ callId }]);
    expect((await statusOf(callId))?.status).toBe('missed');
    expect(t.rooms.received(operator, 'queue').at(-1)).toEqual({ calls: [] });
  });

  it('stops every ring when the seeker cancels, and an accept after that loses', async () => {
    const t = setUp({ batchSize: 3 });
    const volunteers = await Promise.all(['子', '丑', '寅'].map((n) => t.volunteer(n)));
    const seeker = await t.seeker();
    const callId = await t.ask(seeker);
    expect(t.scheduler.pending).toBeGreaterThan(0);

    await t.service.cancel(seeker.userId, callId);

    for (const v of volunteers)
      expect(t.rooms.received(v.socket, 'ringStopped')).toEqual([{ callId, reason: 'cancelled' }]);
    expect((await statusOf(callId))?.status).toBe('cancelled');
    expect(t.scheduler.pending).toBe(0);
    const v = volunteers[0]!;
    expect(await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId)).toBe(
      false,
    );
  });

  it('rings only volunteers who speak the language asked in', async () => {
    const t = setUp({ batchSize: 10 });
    const english = await t.volunteer('english', ['en']);
    const both = await t.volunteer('both', ['zh', 'en']);
    const chinese = await t.volunteer('chinese', ['zh']);
    const callId = await t.ask(await t.seeker(), 'en');
    const rung = [english, both, chinese].filter(
      (v) => t.rooms.received(v.socket, 'incomingCall').length > 0,
    );
    expect(rung.map((v) => v.userId).sort()).toEqual([english.userId, both.userId].sort());
    // one who was not rung cannot take it
    expect(
      await t.service.accept({ kind: 'volunteer', userId: chinese.userId, socketId: chinese.socket }, callId),
    ).toBe(false);
  });

  it('never rings a volunteer the seeker blocked after a call, a banned one, or the seeker', async () => {
    const t = setUp({ batchSize: 10 });
    const blocked = await t.volunteer('被拉黑');
    const seeker = await t.seeker('拉黑者');
    const first = await t.ask(seeker);
    await t.service.accept({ kind: 'volunteer', userId: blocked.userId, socketId: blocked.socket }, first);
    await t.service.hangUp(first);
    await t.history.feedback(seeker.userId, {
      callId: first,
      helpful: false,
      report: { reason: 'inappropriate', note: '' },
      block: true,
    });
    const banned = await t.volunteer('已封禁');
    await database.db
      .update(users)
      .set({ bannedAt: new Date(), banReason: 'x' })
      .where(eq(users.id, banned.userId));
    // the seeker is available as a volunteer too: never rung by their own call
    t.rooms.connect('sock-seeker-as-volunteer', callRooms.available(seeker.userId));
    await t.availability.setAvailability(
      { userId: seeker.userId, socketId: 'sock-seeker-as-volunteer' },
      NODE,
      {
        available: true,
        languages: ['zh'],
      },
    );
    const fine = await t.volunteer('可以接');

    const second = await t.ask(seeker);
    const rungFor = (socket: string) =>
      t.rooms.received(socket, 'incomingCall').filter((c) => c.callId === second);
    expect(rungFor(blocked.socket)).toEqual([]);
    expect(rungFor(banned.socket)).toEqual([]);
    expect(rungFor('sock-seeker-as-volunteer')).toEqual([]);
    expect(rungFor(fine.socket)).toHaveLength(1);
    expect(
      await t.service.accept({ kind: 'volunteer', userId: banned.userId, socketId: banned.socket }, second),
    ).toBe(false);
  });

  it('refuses a banned seeker and a second call while one is open', async () => {
    const t = setUp();
    const seeker = await t.seeker('两次');
    await t.ask(seeker);
    await expect(t.ask(seeker)).rejects.toMatchObject({ key: 'errors.call_in_progress' });
    const banned = await t.seeker('封禁求助者');
    await database.db
      .update(users)
      .set({ bannedAt: new Date(), banReason: 'x' })
      .where(eq(users.id, banned.userId));
    await expect(t.ask(banned)).rejects.toMatchObject({ status: 403 });
  });

  it('sends a call with nobody to ring straight to the operators, where one operator answers', async () => {
    const t = setUp();
    const [admin] = await database.db
      .insert(admins)
      .values({ username: `op${Date.now()}`, passwordHash: 'x', role: 'operator' })
      .returning();
    const operators = ['sock-op1', 'sock-op2'];
    for (const s of operators) t.rooms.connect(s, callRooms.operators);
    const seeker = await t.seeker('没人接');
    const callId = await t.ask(seeker);
    expect(t.rooms.received(seeker.socket, 'callRinging').at(-1)).toEqual({ callId, stage: 'operators' });
    expect(t.rooms.received('sock-op1', 'queue').at(-1)).toMatchObject({ calls: [{ callId }] });

    const [one, two] = await Promise.all(
      operators.map((s) => t.service.accept({ kind: 'operator', adminId: admin!.id, socketId: s }, callId)),
    );
    expect([one, two].filter(Boolean)).toHaveLength(1);
    expect((await statusOf(callId))?.operatorId).toBe(admin!.id);
    expect(t.rooms.received('sock-op2', 'queue').at(-1)).toEqual({ calls: [] });
  });

  it('ends a call when a member hangs up or its socket goes, telling the other member', async () => {
    const t = setUp();
    const v = await t.volunteer('挂断');
    const seeker = await t.seeker('离开');
    const callId = await t.ask(seeker);
    await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);

    t.rooms.disconnect(seeker.socket);
    await t.service.socketGone(seeker.socket);

    expect(t.rooms.received(v.socket, 'callEnded')).toEqual([{ callId, reason: 'connection_lost' }]);
    expect(t.rooms.received(seeker.socket, 'callEnded')).toEqual([]);
    const row = await statusOf(callId);
    expect(row).toMatchObject({ status: 'completed', endReason: 'connection_lost' });
    expect(row?.endedAt).not.toBeNull();
    expect(t.rooms.inRoom(v.socket, callRooms.call(callId))).toBe(false);
    const history = await t.history.history(v.userId);
    // ended by a dropped connection within seconds: listed, but not help given
    expect(history.helpedCount).toBe(0);
    expect(history.calls[0]).toMatchObject({
      id: callId,
      role: 'helper',
      peerName: '离开',
      status: 'completed',
    });
  });

  it('counts as help only a call someone hung up after 15 s or more', async () => {
    const t = setUp();
    const v = await t.volunteer('帮了忙');
    const talk = async (seconds: number, end: 'hangUp' | 'drop') => {
      const seeker = await t.seeker(`聊了${seconds}秒${end}`);
      const callId = await t.ask(seeker);
      await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);
      await database.db
        .update(calls)
        .set({ connectedAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(calls.id, callId));
      if (end === 'hangUp') await t.service.hangUp(callId);
      else {
        t.rooms.disconnect(seeker.socket);
        await t.service.socketGone(seeker.socket);
      }
    };
    await talk(14, 'hangUp');
    expect((await t.history.history(v.userId)).helpedCount).toBe(0);
    await talk(20, 'hangUp');
    expect((await t.history.history(v.userId)).helpedCount).toBe(1);
    // a long call whose seeker's page went away still is not counted (a reload ends it today)
    await talk(60, 'drop');
    expect((await t.history.history(v.userId)).helpedCount).toBe(1);
  });

  it('rings an available volunteer whose page is closed by push, and on the page once they are back', async () => {
    const t = setUp({ batchSize: 10 });
    const userId = await newUser('离开页面');
    await t.availability.setAvailability({ userId, socketId: 'sock-closed' }, NODE, {
      available: true,
      languages: ['zh'],
    });
    await t.service.socketGone('sock-closed');
    const unreachable = await newUser('没有推送');
    await t.availability.setAvailability({ userId: unreachable, socketId: 'sock-x' }, NODE, {
      available: true,
      languages: ['zh'],
    });
    await t.service.socketGone('sock-x');
    await t.pushSubscriptions.subscribe(
      userId,
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: 'p256dh', auth: 'auth' },
      },
      'zh-CN',
    );

    const callId = await t.ask(await t.seeker('找人帮忙'));
    expect(t.pushed).toEqual([{ volunteerIds: [userId], callId }]);

    t.rooms.connect('sock-back', callRooms.available(userId));
    await t.availability.setAvailability({ userId, socketId: 'sock-back' }, NODE, {
      available: true,
      languages: ['zh'],
    });
    expect(t.rooms.received('sock-back', 'incomingCall')).toEqual([expect.objectContaining({ callId })]);
    expect(await t.service.accept({ kind: 'volunteer', userId, socketId: 'sock-back' }, callId)).toBe(true);
  });
  it('keeps a call through a dropped socket: the member back within the grace period rejoins it', async () => {
    const t = setUp({ reconnectGraceSeconds: 5 });
    const v = await t.volunteer('网络切换的志愿者');
    const seeker = await t.seeker('换了网络的人');
    const callId = await t.ask(seeker);
    await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);

    t.rooms.disconnect(seeker.socket);
    await t.service.socketLost(seeker.socket);
    await t.scheduler.advance(4.9);
    expect(await statusOf(callId)).toMatchObject({ status: 'connected' });
    expect(t.rooms.received(v.socket, 'callEnded')).toEqual([]);

    t.rooms.connect('sock-seeker-again');
    await t.service.rejoin({ userId: seeker.userId, socketId: 'sock-seeker-again' }, callId);
    expect(await statusOf(callId)).toMatchObject({ status: 'connected', seekerSocket: 'sock-seeker-again' });
    for (const socket of [v.socket, 'sock-seeker-again']) {
      expect(t.rooms.received(socket, 'callRejoined')).toEqual([{ callId, fresh: false }]);
    }
    // signalling reaches the new socket (an ICE restart's offer can go through)
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } } as const;
    t.service.relay(v.socket, callId, offer);
    expect(t.rooms.received('sock-seeker-again', 'signal')).toEqual([{ callId, signal: offer }]);

    // the grace running out finds the member back: nothing ends, nothing is left pending
    await t.scheduler.advance(1);
    expect(await statusOf(callId)).toMatchObject({ status: 'connected' });
    expect(t.rooms.received(v.socket, 'callEnded')).toEqual([]);
    expect(t.scheduler.pending).toBe(0);
  });

  it('ends a call whose member is not back when the grace runs out: the other is told, a late return hears it ended', async () => {
    const t = setUp({ reconnectGraceSeconds: 5 });
    const v = await t.volunteer('信号消失的志愿者');
    const seeker = await t.seeker('等着的人');
    const callId = await t.ask(seeker);
    await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);

    t.rooms.disconnect(v.socket);
    await t.service.socketLost(v.socket);
    await t.scheduler.advance(4.9);
    expect(t.rooms.received(seeker.socket, 'callEnded')).toEqual([]);
    await t.scheduler.advance(0.1);
    expect(t.rooms.received(seeker.socket, 'callEnded')).toEqual([{ callId, reason: 'connection_lost' }]);
    expect(await statusOf(callId)).toMatchObject({ status: 'completed', endReason: 'connection_lost' });

    t.rooms.connect('sock-v-late');
    await t.service.rejoin({ userId: v.userId, socketId: 'sock-v-late' }, callId);
    expect(t.rooms.received('sock-v-late', 'callEnded')).toEqual([{ callId, reason: 'connection_lost' }]);
    expect(t.rooms.inRoom('sock-v-late', callRooms.call(callId))).toBe(false);
    // someone who was not in the call learns nothing of it
    const stranger = await t.seeker('路人');
    await expect(
      t.service.rejoin({ userId: stranger.userId, socketId: stranger.socket }, callId),
    ).rejects.toMatchObject({ key: 'errors.call_not_found' });
  });

  it('tells the other member at once that a page went away, and waits for it', async () => {
    const t = setUp({ reconnectGraceSeconds: 20 });
    const v = await t.volunteer('在等的志愿者');
    const seeker = await t.seeker('刷新页面的人');
    const bystander = await t.volunteer('旁观的志愿者');
    const callId = await t.ask(seeker);
    await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);

    t.rooms.disconnect(seeker.socket);
    await t.service.socketLost(seeker.socket);
    expect(t.rooms.received(v.socket, 'peerAway')).toEqual([{ callId }]);
    expect(t.rooms.received(bystander.socket, 'peerAway')).toEqual([]);
    expect(await statusOf(callId)).toMatchObject({ status: 'connected', interruptedUntil: expect.any(Date) });
  });

  it.each(['seeker', 'helper'] as const)(
    'sends a reloaded %s page the call again; the other side starts a new connection',
    async (back) => {
      const t = setUp({ reconnectGraceSeconds: 20 });
      const v = await t.volunteer(`帮忙的志愿者-${back}`);
      const seeker = await t.seeker(`求助的人-${back}`);
      const callId = await t.ask(seeker);
      await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);
      const [gone, stays] = back === 'seeker' ? [seeker, v] : [v, seeker];

      t.rooms.disconnect(gone.socket);
      await t.service.socketLost(gone.socket);
      t.rooms.connect('sock-reloaded');
      await t.service.rejoin({ userId: gone.userId, socketId: 'sock-reloaded' }, callId, true);

      expect(t.rooms.received(stays.socket, 'callRejoined')).toEqual([{ callId, fresh: true }]);
      expect(t.rooms.received('sock-reloaded', 'callRejoined')).toEqual([]);
      expect(t.rooms.received('sock-reloaded', 'callConnected')).toEqual([
        expect.objectContaining({
          callId,
          role: back,
          peerName: back === 'seeker' ? `帮忙的志愿者-${back}` : `求助的人-${back}`,
        }),
      ]);
      expect(await statusOf(callId)).toMatchObject({ status: 'connected', interruptedUntil: null });
      await t.scheduler.advance(20);
      expect(await statusOf(callId)).toMatchObject({ status: 'connected' });
    },
  );

  it('ends an interrupted call on any node once its grace is over (the node timing it stopped)', async () => {
    let now = new Date('2026-12-05T10:00:00Z');
    const clock = () => now;
    const t = setUp({ reconnectGraceSeconds: 20 }, clock);
    const v = await t.volunteer('被重启的志愿者');
    const seeker = await t.seeker('节点重启时的人');
    const callId = await t.ask(seeker);
    await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);
    t.rooms.disconnect(v.socket);
    await t.service.socketLost(v.socket);
    // the node that timed the grace shuts down: its timer never runs
    t.timers.close();

    await t.service.endOverdue();
    expect(await statusOf(callId)).toMatchObject({ status: 'connected' });
    now = new Date('2026-12-05T10:00:21Z');
    await t.service.endOverdue();
    expect(await statusOf(callId)).toMatchObject({ status: 'completed', endReason: 'connection_lost' });
    expect(t.rooms.received(seeker.socket, 'callEnded')).toEqual([{ callId, reason: 'connection_lost' }]);
  });

  it('ends the call at once on a dropped socket when no grace is configured', async () => {
    const t = setUp({ reconnectGraceSeconds: 0 });
    const v = await t.volunteer('无宽限志愿者');
    const seeker = await t.seeker('无宽限求助者');
    const callId = await t.ask(seeker);
    await t.service.accept({ kind: 'volunteer', userId: v.userId, socketId: v.socket }, callId);
    t.rooms.disconnect(seeker.socket);
    await t.service.socketLost(seeker.socket);
    expect(t.rooms.received(v.socket, 'callEnded')).toEqual([{ callId, reason: 'connection_lost' }]);
  });
});
