import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, registeredVolunteer } from '../harness/admin-harness.ts';
import { createTestDatabase, type TestDatabase } from '../harness/databases.ts';
import { nextEvent, TestSockets } from '../harness/socket-clients.ts';
import { TcpProxy } from '../harness/tcp-proxy.ts';
import { startTwoNodes, stopNodes, type TestNode } from '../harness/two-nodes.ts';

const redisUrl = process.env.TEST_REDIS_URL || undefined;
const target = process.env.TEST_DATABASE_URL ? 'external' : 'embedded';

describe.skipIf(!redisUrl)(
  `Redis going away under two nodes${redisUrl ? '' : ' (skipped: TEST_REDIS_URL not set)'}`,
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let a: TestNode;
    let b: TestNode;
    const clients = new TestSockets();

    beforeAll(async () => {
      database = await createTestDatabase(target);
      proxy = await TcpProxy.start(redisUrl ?? '');
      [a, b] = (await startTwoNodes(database, proxy.through(redisUrl ?? ''))) as [TestNode, TestNode];
    });
    afterAll(async () => {
      clients.closeAll();
      await stopNodes([a, b].filter(Boolean));
      await proxy?.close();
      await database?.drop();
    });

    const volunteer = async (node: TestNode, name: string) => {
      const user = await registeredVolunteer(node.app, name);
      const socket = await clients.open(node.url + CALLS_NAMESPACE, { token: user.token });
      const available = nextEvent<{ available: boolean }>(socket, 'availability', (s) => s.available);
      socket.emit('setAvailability', { available: true, languages: ['zh'] });
      await available;
      return socket;
    };
    const seeker = async (node: TestNode) => {
      const user = await registeredUser(node.app);
      return clients.open(node.url + CALLS_NAMESPACE, { token: user.token });
    };
    /** A whole call: rung, accepted, one signal relayed each way, hung up. */
    const callThrough = async (from: Socket, to: Socket) => {
      const incoming = nextEvent<{ callId: string }>(to, 'incomingCall');
      from.emit('requestCall', { language: 'zh' });
      const { callId } = await incoming;
      const connected = nextEvent(from, 'callConnected');
      to.emit('acceptCall', { callId });
      await connected;
      const relayed = nextEvent<{ signal: unknown }>(from, 'signal');
      const answer = { kind: 'description', description: { type: 'answer', sdp: 'v=0' } };
      to.emit('signal', { callId, signal: answer });
      expect((await relayed).signal).toEqual(answer);
      const ended = nextEvent<{ reason: string }>(to, 'callEnded');
      from.emit('hangUp', { callId });
      expect(await ended).toEqual({ callId, reason: 'hang_up' });
    };
    const until = async (condition: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error('condition not met in 10 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    it('each node keeps serving its own sockets, calls across nodes fail clearly, and all recovers', async () => {
      const localVolunteer = await volunteer(a, '甲节点志愿者');
      const localSeeker = await seeker(a);

      proxy.cut();
      await until(() => !a.redis.connected() && !b.redis.connected());
      // a call whose two members are on one node goes on as before
      await callThrough(localSeeker, localVolunteer);

      // the only volunteer now is on node B: a seeker on node A hears at once why nobody is rung
      const gone = nextEvent(localVolunteer, 'availability', (s: { available: boolean }) => !s.available);
      localVolunteer.emit('setAvailability', { available: false, languages: ['zh'] });
      await gone;
      const remoteVolunteer = await volunteer(b, '乙节点志愿者');
      let rung = false;
      remoteVolunteer.on('incomingCall', () => (rung = true));
      const refused = nextEvent<{ message: string }>(localSeeker, 'error');
      const asked = performance.now();
      localSeeker.emit('requestCall', { language: 'zh' });
      expect((await refused).message).toBe('暂时联系不到其他服务器上的志愿者，请稍后再试');
      expect(performance.now() - asked).toBeLessThan(3000);

      proxy.restore();
      await until(() => a.redis.connected() && b.redis.connected());
      // nothing from the outage arrives late, and a call across the nodes works again
      expect(rung).toBe(false);
      await callThrough(localSeeker, remoteVolunteer);
    });
  },
);
