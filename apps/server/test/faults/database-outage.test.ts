import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { endpoints } from '@sfm/protocol/gathered';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from '../harness/admin-harness.ts';
import { call, createTestApp, type CallResult, type TestApp } from '../harness/app-harness.ts';
import { proxiedDatabase } from '../harness/proxied-database.ts';
import { attachSockets, type AttachedSockets } from '../../src/sockets/attach-sockets.ts';
import { nextEvent, TestSockets } from '../harness/socket-clients.ts';

const externalDatabase = process.env.TEST_DATABASE_URL || undefined;

describe.skipIf(!externalDatabase)(
  `the external PostgreSQL restarting under load${externalDatabase ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    let database: Awaited<ReturnType<typeof proxiedDatabase>>;
    let t: TestApp;
    let headers: Record<string, string>;
    let phone: string;
    let sockets: AttachedSockets;
    let socket: Socket;
    const clients = new TestSockets();

    beforeAll(async () => {
      database = await proxiedDatabase();
      t = await createTestApp({ database });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      sockets = attachSockets(t.app, { corsOrigins: [] });
      const user = await registeredUser(t);
      headers = user.headers;
      phone = user.phone;
      const { port } = t.app.server.address() as AddressInfo;
      socket = await clients.open(`http://127.0.0.1:${port}${CALLS_NAMESPACE}`, { token: user.token });
    });
    afterAll(async () => {
      clients.closeAll();
      await sockets?.close();
      await t?.close();
      await database?.drop();
    });

    /** Reads and writes, as users keep sending them: a balance, a login (a rate-limit write too). */
    const traffic = () =>
      Promise.all([
        call(t.app, endpoints.pointsDetails, undefined, headers),
        call(t.app, endpoints.login, { phone, password: 'password123' }),
      ]);

    it('answers 503 with the catalogue message while it is down, and recovers by itself', async () => {
      for (const res of await traffic()) expect(res.status, JSON.stringify(res.body)).toBe(200);

      let running = true;
      const answers: { res: CallResult; ms: number; phase: 'down' | 'back' }[] = [];
      let phase: 'down' | 'back' = 'down';
      const load = (async () => {
        while (running) {
          const started = performance.now();
          const current = phase;
          for (const res of await traffic())
            answers.push({ res, ms: performance.now() - started, phase: current });
        }
      })();

      database.proxy.cut();
      // a socket event meets the same outage, and hears the same message
      const refused = nextEvent<{ message: string }>(socket, 'error');
      socket.emit('setAvailability', { available: true, languages: ['zh'] });
      expect((await refused).message).toBe('服务暂时不可用，请稍后再试');
      await new Promise((r) => setTimeout(r, 1500));
      database.proxy.restore();
      phase = 'back';
      // every kind of request succeeds again within a few seconds, with nothing restarted
      const deadline = Date.now() + 10_000;
      let recovered = false;
      while (!recovered && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        recovered = (await traffic()).every((res) => res.status === 200);
      }
      running = false;
      await load;

      expect(recovered).toBe(true);
      const failures = answers.filter((a) => a.res.status !== 200);
      expect(failures.length).toBeGreaterThan(0);
      for (const { res, ms } of failures) {
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body).toMatchObject({
          code: 503,
          message: '服务暂时不可用，请稍后再试',
          data: { error: 'service_unavailable' },
        });
        expect(res.headers['retry-after']).toBeDefined();
        // a clear answer at once, not a request left hanging on a dead connection
        expect(ms).toBeLessThan(3000);
      }
    });
  },
);
