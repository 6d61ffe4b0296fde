import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, registeredVolunteer } from '../../../test/harness/admin-harness.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness/databases.ts';
import { nextEvent, TestSockets } from '../../../test/harness/socket-clients.ts';
import { startTwoNodes, stopNodes, type TestNode as Node } from '../../../test/harness/two-nodes.ts';

/** The machine's own Redis (set by .ci/run when one answers); unset on a newcomer's laptop. */
const redisUrl = process.env.TEST_REDIS_URL || undefined;
/** With TEST_DATABASE_URL both nodes share the machine's PostgreSQL, else one embedded database. */
const target = process.env.TEST_DATABASE_URL ? 'external' : 'embedded';

describe.skipIf(!redisUrl)(
  `a call across two server nodes sharing Redis and PostgreSQL${redisUrl ? '' : ' (skipped: TEST_REDIS_URL not set)'}`,
  () => {
    let database: TestDatabase;
    let nodes: Node[] = [];
    const clients = new TestSockets();

    beforeAll(async () => {
      database = await createTestDatabase(target);
      nodes = await startTwoNodes(database, redisUrl ?? '');
    });
    afterAll(async () => {
      clients.closeAll();
      await stopNodes(nodes);
      await database?.drop();
    });

    const open = (node: Node, token: string) => clients.open(node.url + CALLS_NAMESPACE, { token });
    const next = nextEvent;

    /** A seeker on node A calls; a volunteer available on node B is rung. */
    async function ringAcross(seekerName: string, volunteerName: string) {
      const [a, b] = nodes as [Node, Node];
      const seeker = await registeredUser(a.app, seekerName);
      const volunteer = await registeredVolunteer(a.app, volunteerName);
      const volunteerSocket = await open(b, volunteer.token);
      const seekerSocket = await open(a, seeker.token);
      const availability = next<{ available: boolean }>(volunteerSocket, 'availability', (a) => a.available);
      volunteerSocket.emit('setAvailability', { available: true, languages: ['zh'] });
      await availability;
      const incoming = next<{ callId: string }>(volunteerSocket, 'incomingCall');
      seekerSocket.emit('requestCall', { language: 'zh' });
      const { callId } = await incoming;
      return { seeker, seekerSocket, volunteerSocket, callId };
    }

    it('rings a volunteer on node B for a seeker on node A, connects them, relays their signalling and ends', async () => {
      const { seekerSocket, volunteerSocket, callId } = await ringAcross('节点甲的求助者', '节点乙的志愿者');

      const connected = next<{ peerName: string }>(seekerSocket, 'callConnected');
      volunteerSocket.emit('acceptCall', { callId });
      expect(await connected).toMatchObject({ peerName: '节点乙的志愿者' });

      const relayed = next<{ signal: unknown }>(seekerSocket, 'signal');
      const answer = { kind: 'description', description: { type: 'answer', sdp: 'v=0 across nodes' } };
      volunteerSocket.emit('signal', { callId, signal: answer });
      expect((await relayed).signal).toEqual(answer);

      const ended = next<{ reason: string }>(volunteerSocket, 'callEnded');
      seekerSocket.emit('hangUp', { callId });
      expect(await ended).toEqual({ callId, reason: 'hang_up' });
    });

    it('a seeker reloading onto the other node rejoins the call there: the volunteer is told it went and came back', async () => {
      const [, b] = nodes as [Node, Node];
      const { seeker, seekerSocket, volunteerSocket, callId } = await ringAcross(
        '刷新到乙节点的求助者',
        '留在乙节点的志愿者',
      );
      const connected = next(seekerSocket, 'callConnected');
      volunteerSocket.emit('acceptCall', { callId });
      await connected;

      // the page reloads (no hang-up) and its new socket lands on node B
      const away = next<{ callId: string }>(volunteerSocket, 'peerAway');
      seekerSocket.disconnect();
      expect(await away).toEqual({ callId });
      const back = await open(b, seeker.token);
      const again = next<{ role: string; peerName: string }>(back, 'callConnected');
      const rejoined = next<{ fresh: boolean }>(volunteerSocket, 'callRejoined');
      back.emit('rejoinCall', { callId, fresh: true });
      expect(await again).toMatchObject({ callId, role: 'seeker', peerName: '留在乙节点的志愿者' });
      expect(await rejoined).toEqual({ callId, fresh: true });

      // the new media connection's signalling reaches the page back
      const relayed = next<{ signal: unknown }>(back, 'signal');
      const answer = { kind: 'description', description: { type: 'answer', sdp: 'v=0 after reload' } };
      volunteerSocket.emit('signal', { callId, signal: answer });
      expect((await relayed).signal).toEqual(answer);

      const ended = next<{ reason: string }>(volunteerSocket, 'callEnded');
      back.emit('hangUp', { callId });
      expect(await ended).toEqual({ callId, reason: 'hang_up' });
    });
  },
);
