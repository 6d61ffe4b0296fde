import { endpoints, translateMessage } from '@sfm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseWhileStopping, ServerLifecycle } from '../../lifecycle/server-lifecycle.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';

describe('liveness and readiness', () => {
  const lifecycle = new ServerLifecycle();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ lifecycle, beforeReady: (app) => refuseWhileStopping(app, lifecycle) });
  });
  afterAll(() => t.close());

  it('is alive but not ready while the engines warm, saying why in the caller’s language', async () => {
    expect(expectOk(endpoints.health, await call(t.app, endpoints.health))).toEqual({
      status: 'ok',
      db: 'embedded',
    });
    expectError(
      await call(t.app, endpoints.healthReady),
      503,
      'server_starting',
      translateMessage('errors.server_starting'),
    );
    const english = await call(t.app, endpoints.healthReady, undefined, { 'accept-language': 'en' });
    expect(english.body.message).toBe(translateMessage('errors.server_starting', 'en'));
  });

  it('is ready once marked so', async () => {
    lifecycle.markReady();
    expect(expectOk(endpoints.healthReady, await call(t.app, endpoints.healthReady))).toEqual({
      status: 'ready',
      db: 'embedded',
    });
  });

  it('while stopping: not ready, and every new request is refused with the catalogue’s message', async () => {
    lifecycle.markStopping();
    lifecycle.markReady(); // a late warm-up does not make a stopping server ready again
    expectError(await call(t.app, endpoints.healthReady), 503, 'server_stopping');
    const refused = await call(t.app, endpoints.login, { phone: '13900000000', password: 'whatever-1' });
    expectError(refused, 503, 'server_stopping', translateMessage('errors.server_stopping'));
    expect(refused.headers.connection).toBe('close');
  });
});
