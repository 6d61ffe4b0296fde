import { translateMessage } from '@sfm/protocol';
import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { type Availability } from '@sfm/protocol/calls-availability';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredVolunteer } from '../../../test/harness/admin-harness.ts';
import { nextEvent, TestSockets } from '../../../test/harness/socket-clients.ts';
import { startListeningApp, type ListeningApp } from '../../../test/harness/listening-app.ts';

let t: ListeningApp;
const clients = new TestSockets();

beforeAll(async () => {
  t = await startListeningApp();
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('a volunteer’s quiet hours and pause over the /calls socket', () => {
  it('keeps the zone, quiet hours and a pause; the page hears when the pause ends, then and on its next visit', async () => {
    const volunteer = await registeredVolunteer(t, '免打扰的志愿者');
    const page = await clients.open(t.url + CALLS_NAMESPACE, { token: volunteer.token });
    const quietHours = { enabled: true, start: '23:00', end: '06:30' };
    const told = nextEvent<Availability>(page, 'availability', (a) => Boolean(a.snoozedUntil));
    page.emit('setAvailability', {
      available: true,
      languages: ['zh'],
      timeZone: 'Asia/Shanghai',
      quietHours,
      snooze: 'hour',
    });
    const profile = await told;
    expect(profile).toMatchObject({ available: true, timeZone: 'Asia/Shanghai', quietHours });
    const pause = Date.parse(profile.snoozedUntil ?? '') - Date.now();
    expect(pause).toBeGreaterThan(3_590_000);
    expect(pause).toBeLessThanOrEqual(3_600_000);

    // the page opened again is told all of it on connecting
    const next = clients.client(t.url + CALLS_NAMESPACE, { token: volunteer.token });
    expect(await nextEvent<Availability>(next, 'availability')).toEqual(profile);
  });

  it('refuses malformed quiet hours, zones and pauses with the validation error, and keeps what was saved', async () => {
    const volunteer = await registeredVolunteer(t, '输错的志愿者');
    const page = await clients.open(t.url + CALLS_NAMESPACE, { token: volunteer.token });
    const base = { available: true, languages: ['zh'] };
    for (const bad of [
      { quietHours: { enabled: true, start: '25:00', end: '07:00' } },
      { quietHours: { enabled: true, start: '22:00', end: '22:00' } },
      { quietHours: { enabled: true, start: '22:00' } },
      { timeZone: 'Not/A_Zone' },
      { snooze: 'forever' },
    ]) {
      const refused = nextEvent<{ message: string }>(page, 'error');
      page.emit('setAvailability', { ...base, ...bad });
      expect((await refused).message, JSON.stringify(bad)).toBe(
        translateMessage('errors.validation', 'zh-CN'),
      );
    }
    const next = clients.client(t.url + CALLS_NAMESPACE, { token: volunteer.token });
    expect(await nextEvent<Availability>(next, 'availability')).toEqual({
      available: false,
      languages: ['zh'],
      timeZone: null,
      quietHours: { enabled: true, start: '22:00', end: '07:00' },
      snoozedUntil: null,
    });
  });
});
