import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translateMessage } from '@sfm/protocol';
import { CALL_OPERATORS_NAMESPACE, CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { endpoints } from '@sfm/protocol/gathered';
import { adminEndpoints } from '@sfm/protocol/gathered-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callPresence } from '../../db/calls-schema.ts';
import { auditLog, users } from '../../db/core-schema.ts';
import { signedInAdmin, registeredUser, registeredVolunteer } from '../../../test/harness/admin-harness.ts';
import { call, expectOk } from '../../../test/harness/app-harness.ts';
import { BROWSER_PUSH_SERVICES, defaultCallsConfig } from '../../config/calls-config.ts';
import { startListeningApp, type ListeningApp } from '../../../test/harness/listening-app.ts';
import { nextEvent, TestSockets } from '../../../test/harness/socket-clients.ts';
import { decryptPush } from '../../../test/fakes/calls.ts';

let t: ListeningApp;
const clients = new TestSockets();

beforeAll(async () => {
  // the push test's own push service, on this machine, plainly allowed by PUSH_SERVICES
  t = await startListeningApp(
    {},
    { calls: { ...defaultCallsConfig(), pushServices: [...BROWSER_PUSH_SERVICES, 'http://127.0.0.1'] } },
  );
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const open = (namespace: string, auth: Record<string, string>) => clients.open(t.url + namespace, auth);
const next = nextEvent;

describe('the /calls namespace and the call routes', () => {
  it('admits registered users only, and operators only with an admin token', async () => {
    await expect(open(CALLS_NAMESPACE, { deviceId: 'a-device-0001', userType: 'temporary' })).rejects.toThrow(
      '请先登录',
    );
    const user = await registeredUser(t, '普通用户');
    await expect(open(CALL_OPERATORS_NAMESPACE, { token: user.token })).rejects.toThrow();
  });

  it('rings, connects, relays signalling only between the two members, ends, records and takes reports', async () => {
    const seeker = await registeredUser(t, '求助者甲');
    const volunteer = await registeredVolunteer(t, '志愿者乙');
    const outsider = await registeredUser(t, '旁观者');
    const seekerSocket = await open(CALLS_NAMESPACE, { token: seeker.token });
    const volunteerSocket = await open(CALLS_NAMESPACE, { token: volunteer.token });
    const outsiderSocket = await open(CALLS_NAMESPACE, { token: outsider.token });

    const availability = next<{ available: boolean }>(volunteerSocket, 'availability', (a) => a.available);
    volunteerSocket.emit('setAvailability', { available: true, languages: ['zh'] });
    expect(await availability).toEqual({ available: true, languages: ['zh'] });

    const incoming = next<{ callId: string; seekerName: string }>(volunteerSocket, 'incomingCall');
    seekerSocket.emit('requestCall', { language: 'zh', context: { description: '桌上有一个红色杯子' } });
    const { callId, seekerName } = await incoming;
    expect(seekerName).toBe('求助者甲');
    // a volunteer sees the nickname, never the phone number
    expect(JSON.stringify(await incoming)).not.toContain(seeker.phone);

    // someone outside the call can neither signal into it nor hang it up
    const refused = next<{ message: string }>(outsiderSocket, 'error');
    outsiderSocket.emit('signal', { callId, signal: { kind: 'torch', on: true } });
    expect((await refused).message).toBe('通话不存在或已结束');

    const helperConnected = next<{ role: string; peerName: string }>(volunteerSocket, 'callConnected');
    const seekerConnected = next<{ role: string; peerName: string; context: unknown }>(
      seekerSocket,
      'callConnected',
    );
    volunteerSocket.emit('acceptCall', { callId });
    expect(await helperConnected).toMatchObject({ role: 'helper', peerName: '求助者甲' });
    expect(await seekerConnected).toMatchObject({
      role: 'seeker',
      peerName: '志愿者乙',
      context: { description: '桌上有一个红色杯子' },
    });

    let outsiderHeard = 0;
    outsiderSocket.on('signal', () => outsiderHeard++);
    const relayed = next<{ signal: unknown }>(volunteerSocket, 'signal');
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0 fake' } };
    seekerSocket.emit('signal', { callId, signal: offer });
    expect((await relayed).signal).toEqual(offer);

    const ended = next<{ reason: string }>(seekerSocket, 'callEnded');
    volunteerSocket.emit('hangUp', { callId });
    expect(await ended).toEqual({ callId, reason: 'hang_up' });
    expect(outsiderHeard).toBe(0);

    const history = expectOk(
      endpoints.callHistory,
      await call(t.app, endpoints.callHistory, undefined, volunteer.headers),
    );
    // hung up at once: listed, but a call of a few seconds is not help given
    expect(history.helpedCount).toBe(0);
    expect(history.calls[0]).toMatchObject({
      id: callId,
      role: 'helper',
      status: 'completed',
      peerName: '求助者甲',
    });

    // only a member may rate or report the call
    const notMine = await call(t.app, endpoints.callFeedback, { callId, helpful: true }, outsider.headers);
    expect(notMine.status).toBe(404);
    expectOk(
      endpoints.callFeedback,
      await call(
        t.app,
        endpoints.callFeedback,
        { callId, helpful: false, report: { reason: 'harassment', note: '说话粗鲁' }, block: true },
        seeker.headers,
      ),
    );

    // a volunteer signed up by a social login has no phone: still the one who helped
    await t.database.db.update(users).set({ phone: null }).where(eq(users.id, volunteer.user.id));
    const admin = await signedInAdmin(t, 'operator');
    const records = expectOk(
      adminEndpoints.calls,
      await call(t.app, adminEndpoints.calls, {}, admin.headers),
    );
    expect(records.items[0]).toMatchObject({
      id: callId,
      status: 'completed',
      helperKind: 'volunteer',
      seeker: `求助者甲（${seeker.phone.slice(0, 3)}****${seeker.phone.slice(-4)}）`,
      helper: '志愿者乙',
    });
    expect(records.stats.byStatus.completed).toBe(1);
    expect(records.stats.answeredShare).toBe(1);

    const reports = expectOk(
      adminEndpoints.callReports,
      await call(t.app, adminEndpoints.callReports, {}, admin.headers),
    );
    expect(reports.items).toEqual([
      expect.objectContaining({
        callId,
        reason: 'harassment',
        note: '说话粗鲁',
        reportedId: volunteer.user.id,
        reported: '志愿者乙',
      }),
    ]);
    const warnings = async (who: { headers: Record<string, string> }) =>
      expectOk(endpoints.callWarnings, await call(t.app, endpoints.callWarnings, undefined, who.headers))
        .items;
    expect(await warnings(volunteer)).toEqual([]);
    expectOk(
      adminEndpoints.handleCallReport,
      await call(
        t.app,
        adminEndpoints.handleCallReport,
        { callId, reporterId: seeker.user.id, handling: 'warned' },
        admin.headers,
      ),
    );
    // the warning reaches the reported volunteer (their personal centre lists it), and only them;
    // it names the call and the reason, never who reported or what they wrote
    const [warning, ...more] = await warnings(volunteer);
    expect(more).toEqual([]);
    expect(warning).toEqual({
      callId,
      callAt: expect.any(String),
      warnedAt: expect.any(String),
      reason: 'harassment',
    });
    expect(await warnings(seeker)).toEqual([]);
    expect(await warnings(outsider)).toEqual([]);
    const stillOpen = expectOk(
      adminEndpoints.callReports,
      await call(t.app, adminEndpoints.callReports, {}, admin.headers),
    );
    expect(stillOpen.items).toEqual([]);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.at(-1)).toMatchObject({
      action: 'call.handle_report',
      targetType: 'user',
      targetId: volunteer.user.id,
      adminId: admin.id,
    });
  });

  it('limits call requests per user: the seventh in a minute is refused', async () => {
    const seeker = await registeredUser(t, '心急的人');
    const socket = await open(CALLS_NAMESPACE, { token: seeker.token });
    const errors: string[] = [];
    socket.on('error', ({ message }: { message: string }) => errors.push(message));
    for (let i = 0; i < 7; i += 1) socket.emit('requestCall', { language: 'zh' });
    // the requests run at once: one call is made, five are told it exists, one is over the limit
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBe(6);
    const limited = errors.filter((e) => /^操作太频繁，请 \d+ 秒后再试$/.test(e));
    expect(limited).toHaveLength(1);
    expect(errors.filter((e) => e === '你已有一个进行中的视频通话')).toHaveLength(5);
    socket.disconnect();
  });

  it('gives an operator online the queue and lets them answer a call no volunteer took', async () => {
    const admin = await signedInAdmin(t, 'operator');
    const operator = await open(CALL_OPERATORS_NAMESPACE, { token: admin.token });
    const seeker = await registeredUser(t, '没人接');
    const seekerSocket = await open(CALLS_NAMESPACE, { token: seeker.token });
    const queued = next<{ calls: { callId: string; seekerName: string }[] }>(operator, 'queue');
    seekerSocket.emit('requestCall', { language: 'yue' });
    const { calls } = await queued;
    expect(calls).toEqual([expect.objectContaining({ seekerName: '没人接' })]);

    const connected = next<{ role: string }>(operator, 'callConnected');
    const seekerConnected = next<{ peerName: string }>(seekerSocket, 'callConnected');
    operator.emit('acceptCall', { callId: calls[0]!.callId });
    expect(await connected).toMatchObject({ role: 'helper', peerName: '没人接' });
    expect(await seekerConnected).toMatchObject({ peerName: '' });

    // the seeker's tab closes without a hang-up: the operator is told at once, and may hang up
    const away = next<{ callId: string }>(operator, 'peerAway');
    seekerSocket.disconnect();
    expect(await away).toEqual({ callId: calls[0]!.callId });
    const ended = next<{ reason: string }>(operator, 'callEnded');
    operator.emit('hangUp', { callId: calls[0]!.callId });
    expect(await ended).toMatchObject({ reason: 'hang_up' });
  });

  it('keeps a call through a dropped connection: the member reconnecting rejoins it and signalling reaches the new socket', async () => {
    const seeker = await registeredUser(t, '换网络的求助者');
    const volunteer = await registeredVolunteer(t, '换网络的志愿者');
    const seekerSocket = await open(CALLS_NAMESPACE, { token: seeker.token });
    const volunteerSocket = await open(CALLS_NAMESPACE, { token: volunteer.token });
    const available = next(volunteerSocket, 'availability', (a: { available: boolean }) => a.available);
    volunteerSocket.emit('setAvailability', { available: true, languages: ['yue'] });
    await available;
    const incoming = next<{ callId: string }>(volunteerSocket, 'incomingCall');
    seekerSocket.emit('requestCall', { language: 'yue' });
    const { callId } = await incoming;
    const connected = next(seekerSocket, 'callConnected');
    volunteerSocket.emit('acceptCall', { callId });
    await connected;

    // the transport drops under the volunteer (no goodbye, as on a network change)
    let ended = false;
    seekerSocket.on('callEnded', () => (ended = true));
    volunteerSocket.io.engine.close();
    const back = await open(CALLS_NAMESPACE, { token: volunteer.token });
    const rejoined = [next(back, 'callRejoined'), next(seekerSocket, 'callRejoined')];
    back.emit('rejoinCall', { callId });
    expect(await Promise.all(rejoined)).toEqual([
      { callId, fresh: false },
      { callId, fresh: false },
    ]);
    const relayed = next<{ signal: unknown }>(back, 'signal');
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0 restart' } };
    seekerSocket.emit('signal', { callId, signal: offer });
    expect((await relayed).signal).toEqual(offer);
    expect(ended).toBe(false);

    const hungUp = next<{ reason: string }>(seekerSocket, 'callEnded');
    back.emit('hangUp', { callId });
    expect(await hungUp).toEqual({ callId, reason: 'hang_up' });
  });

  it('rings an away volunteer through their Web Push subscription: VAPID-signed, payload encrypted for their browser', async () => {
    const pushes: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const pushService = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        pushes.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/volunteer-1`;
    try {
      const volunteer = await registeredVolunteer(t, '推送志愿者');
      const browserKeys = createECDH('prime256v1');
      browserKeys.generateKeys();
      const authSecret = randomBytes(16);
      const { publicKey } = expectOk(
        endpoints.callPushKey,
        await call(t.app, endpoints.callPushKey, undefined, volunteer.headers),
      );
      expectOk(
        endpoints.callPushSubscribe,
        await call(
          t.app,
          endpoints.callPushSubscribe,
          {
            endpoint,
            keys: {
              p256dh: browserKeys.getPublicKey().toString('base64url'),
              auth: authSecret.toString('base64url'),
            },
          },
          // the volunteer's app is in English: so is the notification that rings them
          { ...volunteer.headers, 'accept-language': 'en' },
        ),
      );
      // available, then the page is closed
      const page = await open(CALLS_NAMESPACE, { token: volunteer.token });
      // the page is also told its saved choice on connecting: wait for the answer to this one
      const saved = next<{ available: boolean }>(page, 'availability', (a) => a.available);
      page.emit('setAvailability', { available: true, languages: ['en'] });
      await saved;
      page.disconnect();
      // away once the server has seen the page go; a call before that would ring the closed page
      const presence = () =>
        t.database.db.select().from(callPresence).where(eq(callPresence.memberId, volunteer.user.id));
      await expect.poll(() => presence().then((rows) => rows.length)).toBe(0);

      const seeker = await registeredUser(t, 'Pushed seeker');
      const seekerSocket = await open(CALLS_NAMESPACE, { token: seeker.token });
      const ringing = next<{ callId: string }>(seekerSocket, 'callRinging');
      seekerSocket.emit('requestCall', { language: 'en' });
      const { callId } = await ringing;
      await expect.poll(() => pushes.length, { timeout: 10_000 }).toBe(1);

      const [push] = pushes;
      expect(push?.headers['content-encoding']).toBe('aes128gcm');
      expect(push?.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      expect(JSON.parse(decryptPush(push!.body, browserKeys, authSecret))).toEqual({
        kind: 'incomingCall',
        callId,
        seekerName: 'Pushed seeker',
        title: 'See For Me: someone needs help',
        body: 'Pushed seeker is asking for help. Tap to answer.',
        url: '/volunteer-calls',
      });

      // the tap opens the page: the call rings there and can be answered
      const back = await open(CALLS_NAMESPACE, { token: volunteer.token });
      const incoming = next<{ callId: string }>(back, 'incomingCall');
      back.emit('setAvailability', { available: true, languages: ['en'] });
      expect((await incoming).callId).toBe(callId);
      seekerSocket.emit('cancelCall', { callId });
    } finally {
      pushService.close();
    }
  }, 30_000);
});

// last: the call it asks for (then cancels) must not count in the other tests' records
describe('what a seeker may share', () => {
  it("shares only the server's own signed photo address: any other image address is refused before anyone rings", async () => {
    const seeker = await registeredUser(t, '分享照片的人');
    const seekerSocket = await open(CALLS_NAMESPACE, { token: seeker.token });
    for (const imageUrl of [
      'http://127.0.0.1:39999/internal/admin/do-something?x=1',
      'https://tracker.example/pixel.gif',
      '//tracker.example/api/vision/images/00000000-0000-4000-8000-000000000000?exp=1&sig=' + 'a'.repeat(43),
      '/api/vision/images/00000000-0000-4000-8000-000000000000?exp=1&sig=' + 'a'.repeat(43) + '&x=1',
    ]) {
      const refused = next<{ message: string }>(seekerSocket, 'error');
      seekerSocket.emit('requestCall', { language: 'zh', context: { description: '看这张', imageUrl } });
      expect((await refused).message, imageUrl).toBe(translateMessage('errors.validation', 'zh-CN'));
    }
    // the app's own form of the address is accepted (and the request then cancelled)
    const own = `/api/vision/images/00000000-0000-4000-8000-000000000000?exp=1700000000&sig=${'a'.repeat(43)}`;
    const ringing = next<{ callId: string }>(seekerSocket, 'callRinging');
    seekerSocket.emit('requestCall', { language: 'zh', context: { description: '看这张', imageUrl: own } });
    const { callId } = await ringing;
    seekerSocket.emit('cancelCall', { callId });
  });
});
