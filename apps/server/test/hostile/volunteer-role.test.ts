import { endpoints, HELP_SEEKER } from '@sfm/protocol';
import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRings } from '../../src/db/calls-schema.ts';
import { registeredUser, registeredVolunteer } from '../harness/admin-harness.ts';
import { call, expectOk } from '../harness/app-harness.ts';
import { startListeningApp, type ListeningApp } from '../harness/listening-app.ts';
import { nextEvent, TestSockets } from '../harness/socket-clients.ts';

/**
 * Security review, finding 13: any user could mark themselves available as a volunteer, whatever
 * their role, and be rung with strangers' calls. Only the volunteer role may now, and a volunteer
 * who goes back to asking for help is no longer rung.
 */
let t: ListeningApp;
const clients = new TestSockets();
beforeAll(async () => {
  t = await startListeningApp();
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const open = (token: string) => clients.open(t.url + CALLS_NAMESPACE, { token });
const errorsOf = (socket: Awaited<ReturnType<typeof open>>) => {
  const errors: string[] = [];
  socket.on('error', ({ message }: { message: string }) => errors.push(message));
  return errors;
};

describe('only volunteers can be rung', () => {
  it('refuses availability to a user who never chose the volunteer role', async () => {
    const seeker = await registeredUser(t, '不是志愿者');
    const socket = await open(seeker.token);
    const errors = errorsOf(socket);
    socket.emit('setAvailability', { available: true, languages: ['yue'] });
    await expect.poll(() => errors).toEqual(['只有志愿者可以接听求助，请先在个人中心把身份改为志愿者']);
    // going unavailable is always allowed
    const off = nextEvent<{ available: boolean }>(socket, 'availability', (a) => !a.available);
    socket.emit('setAvailability', { available: false, languages: ['yue'] });
    await off;
  });

  it('does not ring a volunteer who went back to asking for help', async () => {
    const volunteer = await registeredVolunteer(t, '改回求助者');
    const volunteerSocket = await open(volunteer.token);
    const standing = nextEvent<{ available: boolean }>(volunteerSocket, 'availability', (a) => a.available);
    volunteerSocket.emit('setAvailability', { available: true, languages: ['yue'] });
    await standing;
    expectOk(
      endpoints.updateMe,
      await call(t.app, endpoints.updateMe, { userType: HELP_SEEKER }, volunteer.headers),
    );
    let rung = false;
    volunteerSocket.on('incomingCall', () => (rung = true));
    // a real volunteer beside them: once they are rung, the batch both would be in has been chosen
    const other = await registeredVolunteer(t, '真的志愿者');
    const otherSocket = await open(other.token);
    const otherStanding = nextEvent<{ available: boolean }>(otherSocket, 'availability', (a) => a.available);
    otherSocket.emit('setAvailability', { available: true, languages: ['yue'] });
    await otherStanding;
    const seeker = await registeredUser(t, '求助的人');
    const seekerSocket = await open(seeker.token);
    const otherRung = nextEvent<{ callId: string }>(otherSocket, 'incomingCall');
    seekerSocket.emit('requestCall', { language: 'yue' });
    const { callId } = await otherRung;
    const rings = await t.database.db.select().from(callRings).where(eq(callRings.callId, callId));
    expect(rings.map((r) => r.volunteerId)).toEqual([other.user.id]);
    expect(rung).toBe(false);
  });
});
