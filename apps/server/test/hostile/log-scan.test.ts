import { SPEECH_SYNTHESIS_NAMESPACE, VOLUNTEER } from '@sfm/protocol';
import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { endpoints } from '@sfm/protocol/gathered';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import webPush from 'web-push';
import { loadServerConfig as loadConfig } from '../../src/app.ts';
import { defaultSpeechConfig } from '../../src/config/speech-config.ts';
import { startListeningApp, type ListeningApp } from '../harness/listening-app.ts';
import { signedInAdmin } from '../harness/admin-harness.ts';
import { auth, call, expectOk } from '../harness/app-harness.ts';
import { nextEvent, TestSockets } from '../harness/socket-clients.ts';
import { capturedLogger } from './catalogue-answers.ts';
import { findLeaks, findSuspectLines, SMS_CODE } from './log-scan.ts';
import { testPhoto } from '../fixtures/test-photo.ts';

/** The most talkative level: what a debug session in production would write. */
const log = capturedLogger('debug');
const vapid = webPush.generateVAPIDKeys();
const clients = new TestSockets();
let server: ListeningApp;

beforeAll(async () => {
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  server = await startListeningApp(
    { tts: { ...defaultSpeechConfig().tts, workers: 1 } },
    { calls: { ...base.calls, vapid } },
    { logger: log.logger },
  );
});
afterAll(async () => {
  clients.closeAll();
  await server?.close();
});

/** Every value of the session a log line must never hold, by name for the report. */
const secrets: Record<string, string> = {
  'JWT secret': 'test-secret-test-secret-test-secret!',
  'VAPID private key': vapid.privateKey,
};
const keep = (name: string, value: string) => {
  secrets[name] = value;
  return value;
};

describe('no secret, token, phone number or photo in any log line', () => {
  it('a whole session: SMS sign-up, password login, refresh, analysis, speech, recharge, call, admin', async () => {
    const app = server.app;
    // a help-seeker signs in by SMS code
    const seekerPhone = keep('seeker phone', '13912345678');
    expectOk(endpoints.smsSend, await call(app, endpoints.smsSend, { phone: seekerPhone }));
    const code = keep(SMS_CODE, server.sms.lastCode(seekerPhone));
    const seeker = expectOk(
      endpoints.smsLogin,
      await call(app, endpoints.smsLogin, { phone: seekerPhone, code }),
    );
    keep('seeker token', seeker.token);
    keep('seeker refresh token', seeker.refreshToken);

    // a volunteer registers with a password, fails once, logs in
    const volunteerPhone = keep('volunteer phone', '13987654321');
    const password = keep('password', 'correct-horse-battery');
    expectOk(endpoints.smsSend, await call(app, endpoints.smsSend, { phone: volunteerPhone }));
    const signUpCode = keep('sign-up code', server.sms.lastCode(volunteerPhone));
    expectOk(
      endpoints.register,
      await call(app, endpoints.register, { phone: volunteerPhone, code: signUpCode, password }),
    );
    const wrong = keep('wrong password', 'wrong-horse-battery');
    expect((await call(app, endpoints.login, { phone: volunteerPhone, password: wrong })).status).toBe(401);
    const volunteer = expectOk(
      endpoints.login,
      await call(app, endpoints.login, { phone: volunteerPhone, password }),
    );
    keep('volunteer token', volunteer.token);
    const refreshed = expectOk(
      endpoints.refreshToken,
      await call(app, endpoints.refreshToken, { refreshToken: volunteer.refreshToken }),
    );
    keep('old refresh token', volunteer.refreshToken);
    keep('new token', refreshed.token);
    keep('new refresh token', refreshed.refreshToken);
    expectOk(endpoints.verifyToken, await call(app, endpoints.verifyToken, { token: refreshed.token }));

    // a photo analysed, and fetched back by its signed URL
    const jpeg = await testPhoto(64, 48, '#3a7').jpeg().toBuffer();
    const image = jpeg.toString('base64');
    keep('photo (base64)', image.slice(100, 160));
    const analysis = expectOk(
      endpoints.visionAnalyze,
      await call(app, endpoints.visionAnalyze, { image, scenario: 'observe' }, auth(seeker.token)),
    );
    keep('image URL signature', new URLSearchParams(analysis.imageUrl.split('?')[1]).get('sig') ?? '');
    expect((await app.inject({ method: 'GET', url: analysis.imageUrl })).statusCode).toBe(200);

    // the description spoken
    const speaker = await clients.open(`${server.url}${SPEECH_SYNTHESIS_NAMESPACE}`, { token: seeker.token });
    const audio = nextEvent(speaker, 'audioGenerated');
    speaker.emit('startSynthesis', {});
    speaker.emit('synthesizeText', { text: analysis.description });
    await audio;

    // a recharge through the sandbox gateway
    const catalogue = expectOk(
      endpoints.pointsCatalogue,
      await call(app, endpoints.pointsCatalogue, undefined, auth(seeker.token)),
    );
    const order = expectOk(
      endpoints.pointsCreateOrder,
      await call(
        app,
        endpoints.pointsCreateOrder,
        { kind: 'recharge', itemId: catalogue.rechargePackages[0]!.id },
        auth(seeker.token),
      ),
    );
    expectOk(
      endpoints.sandboxCheckout,
      await call(app, endpoints.sandboxCheckout, { orderId: order.id, action: 'pay' }, auth(seeker.token)),
    );

    // a call: the volunteer subscribes to pushes and stands by, the seeker rings, they talk, hang up
    const pushAuth = keep('push subscription auth', 'QmFzZTY0QXV0aFNlY3JldA');
    expectOk(
      endpoints.callPushSubscribe,
      await call(
        app,
        endpoints.callPushSubscribe,
        {
          endpoint: 'https://fcm.googleapis.com/fcm/send/log-scan-abc',
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: pushAuth,
          },
        },
        auth(refreshed.token),
      ),
    );
    expectOk(
      endpoints.updateMe,
      await call(app, endpoints.updateMe, { userType: VOLUNTEER }, auth(refreshed.token)),
    );
    const seekerSocket = await clients.open(`${server.url}${CALLS_NAMESPACE}`, { token: seeker.token });
    const volunteerSocket = await clients.open(`${server.url}${CALLS_NAMESPACE}`, { token: refreshed.token });
    const standing = nextEvent<{ available: boolean }>(volunteerSocket, 'availability', (a) => a.available);
    volunteerSocket.emit('setAvailability', { available: true, languages: ['zh'] });
    await standing;
    const incoming = nextEvent<{ callId: string }>(volunteerSocket, 'incomingCall');
    seekerSocket.emit('requestCall', { language: 'zh', context: null });
    const { callId } = await incoming;
    const connected = nextEvent(seekerSocket, 'callConnected');
    volunteerSocket.emit('acceptCall', { callId });
    await connected;
    const ended = nextEvent(seekerSocket, 'callEnded');
    volunteerSocket.emit('hangUp', { callId });
    await ended;
    expectOk(
      endpoints.callFeedback,
      await call(app, endpoints.callFeedback, { callId, helpful: true }, auth(seeker.token)),
    );

    // the back office: an admin signs in and looks
    const admin = await signedInAdmin(server);
    keep('admin password', admin.password);
    keep('admin token', admin.token);
    expectOk(endpoints.adminMe, await call(app, endpoints.adminMe, undefined, admin.headers));

    expectOk(endpoints.logout, await call(app, endpoints.logout, { refreshToken: seeker.refreshToken }));
    // a moment for the last socket events and their log lines
    clients.closeAll();
    await new Promise((resolve) => setTimeout(resolve, 200));

    // the scan is not vacuous: requests and the session's work were logged
    expect(log.lines.length).toBeGreaterThan(30);
    expect(log.lines.some((l) => l.includes('/api/vision/analyze'))).toBe(true);
    expect(findLeaks(log.lines, secrets)).toEqual([]);
    expect(findSuspectLines(log.lines)).toEqual([]);
  });
});

describe('what the logger itself writes', () => {
  it("a failed query's error carries its SQL, never its parameters (a phone, a token's hash)", () => {
    const own = capturedLogger('info');
    const failure = new DrizzleQueryError(
      'insert into "users" ("phone", "password_hash") values ($1, $2)',
      ['13912345678', '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0'],
      new Error('duplicate key value violates unique constraint "users_phone_unique"'),
    );
    own.logger.error({ err: failure }, 'unhandled error');
    own.logger.error(failure);
    expect(own.lines.join('\n')).toContain('insert into');
    expect(findLeaks(own.lines, { phone: '13912345678', hash: 'c2VjcmV0' })).toEqual([]);
  });
});

describe('the scan', () => {
  it('finds a secret in any field, and an SMS code only outside the embedded sender’s line', () => {
    const own = capturedLogger('info');
    own.logger.info({ user: { token: 'eyJhbGciOiJIUzI1NiJ9.abc.def' } }, 'signed in');
    own.logger.info({ phone: '139****5678', code: '123456' }, 'sms code issued');
    own.logger.info({ elapsedMs: 1795676123456 }, 'took a while');
    expect(findLeaks(own.lines, { token: 'eyJhbGciOiJIUzI1NiJ9.abc.def', [SMS_CODE]: '123456' })).toEqual([
      { secret: 'token', line: own.lines[0] },
    ]);
    own.logger.warn(`code 123456 was wrong`);
    expect(findLeaks(own.lines, { [SMS_CODE]: '123456' })).toHaveLength(1);
  });

  it('recognises secrets by their shape when their values are unknown', () => {
    const own = capturedLogger('info');
    own.logger.info({ id: '13912345678-not', at: 1795676139123456, n: 'a13912345678' }, 'no phone here');
    // a duration's fraction: pino writes responseTime with all its digits
    own.logger.info({ responseTime: 12.13912345678 }, 'request completed');
    own.logger.info({ phone: '139****5678' }, 'masked');
    expect(findSuspectLines(own.lines)).toEqual([]);
    own.logger.info({ phone: '13912345678' }, 'a phone');
    own.logger.info({ t: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLWhlcmU' }, 'a token');
    own.logger.info({ image: `/9j/4AAQSkZJRg${'A'.repeat(20)}` }, 'a photo');
    // two levels down: past the logger's own redaction of `*.password`
    own.logger.info({ payload: { body: { password: 'hunter2hunter2' } } }, 'a password');
    expect(findSuspectLines(own.lines).map((l) => l.secret)).toEqual([
      'a phone number',
      'a token (JWT)',
      'photo data (base64)',
      'a password',
    ]);
  });
});
