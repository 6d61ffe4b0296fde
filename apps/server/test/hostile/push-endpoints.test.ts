import { endpoints } from '@sfm/protocol/gathered';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../src/db/calls-schema.ts';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../src/modules/calls/push-subscriptions-service.ts';
import { registeredUser } from '../harness/admin-harness.ts';
import { call, createTestApp, expectError, expectOk, type TestApp } from '../harness/app-harness.ts';

/**
 * Security review, finding 3: any http(s) URL was kept as a push endpoint and POSTed to when a
 * volunteer was rung (a subscription to http://127.0.0.1:39999/internal/… made the server post
 * there). With the default PUSH_SERVICES only the browsers' push services are kept.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('push subscriptions', () => {
  it('refuses an endpoint that is not a push service: inside addresses, plain http, look-alike hosts', async () => {
    const user = await registeredUser(t);
    for (const endpoint of [
      'http://127.0.0.1:39999/internal/admin/do-something?x=1',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/x',
    ]) {
      const res = await call(t.app, endpoints.callPushSubscribe, { endpoint, keys }, user.headers);
      expectError(res, 400, 'validation');
    }
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.user.id));
    expect(kept).toEqual([]);
  });

  it("keeps a browser's push service endpoint, and only a user's newest few", async () => {
    const user = await registeredUser(t);
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER + 2; i++) {
      t.clock.advance(1);
      expectOk(
        endpoints.callPushSubscribe,
        await call(
          t.app,
          endpoints.callPushSubscribe,
          { endpoint: `https://fcm.googleapis.com/fcm/send/device-${i}`, keys },
          user.headers,
        ),
      );
    }
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.user.id));
    expect(kept.map((s) => s.endpoint).sort()).toEqual(
      [2, 3, 4, 5, 6].map((i) => `https://fcm.googleapis.com/fcm/send/device-${i}`),
    );
  });
});
