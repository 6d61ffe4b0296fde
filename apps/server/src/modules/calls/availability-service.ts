import {
  DEFAULT_QUIET_HOURS,
  type AvailabilityChoice,
  type QuietHours,
  type SnoozeChoice,
  type VolunteerProfile,
} from '@sfm/protocol/calls-availability';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import type { SocketRooms } from '../../sockets/socket-namespace.ts';
import { rooms } from './call-rooms.ts';
import type { SeekerMember } from './members.ts';
import type { PresenceRepo } from './presence-repo.ts';
import type { RingingRepo } from './ringing-repo.ts';
import type { VolunteerRepo } from './volunteer-repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface AvailabilityDeps {
  volunteers: VolunteerRepo;
  presence: PresenceRepo;
  /** What rang a volunteer while away, and the operators' queue. */
  ringing: RingingRepo;
  rooms: SocketRooms;
  clock: Clock;
}

/**
 * Who can be rung: a volunteer's standing choices (available, languages, zone, quiet hours, a
 * pause) with their socket's presence, and an operator coming online to the queue.
 */
export class VolunteerAvailability {
  constructor(private readonly deps: AvailabilityDeps) {}

  async availability(userId: string): Promise<VolunteerProfile> {
    return this.deps.volunteers.profile(userId);
  }

  /**
   * A volunteer's choices, kept (quiet hours, zone and pause as stored when the choice leaves them
   * out); while available on a socket that socket can be rung. Returns what is now stored.
   */
  async setAvailability(
    volunteer: SeekerMember,
    nodeId: string,
    choice: AvailabilityChoice,
  ): Promise<VolunteerProfile> {
    const { volunteers, presence, ringing, clock } = this.deps;
    // a help-seeker cannot make themselves ringable: the role is chosen in the personal centre
    if (choice.available && !(await volunteers.isVolunteer(volunteer.userId))) {
      throw new AppError(403, 'errors.volunteer_role_required');
    }
    const profile = await this.nextProfile(volunteer.userId, choice);
    await volunteers.saveProfile(volunteer.userId, profile, clock());
    // the socket echoes the choice, which does not say when a pause ends: the page hears it all here
    if (choice.timeZone !== undefined || choice.quietHours || choice.snooze) {
      this.deps.rooms.emit(volunteer.socketId, 'availability', profile);
    }
    if (!choice.available) {
      await presence.remove(volunteer.socketId);
      return profile;
    }
    await presence.add(volunteer.socketId, volunteer.userId, 'volunteer', nodeId);
    // a call that rang them while they were away (its push brought them here) rings on the page now
    for (const incoming of await ringing.pendingRings(volunteer.userId)) {
      this.deps.rooms.join(volunteer.socketId, rooms.ring(incoming.callId));
      this.deps.rooms.emit(volunteer.socketId, 'incomingCall', incoming);
    }
    return profile;
  }

  async operatorOnline(operator: { adminId: string; socketId: string }, nodeId: string): Promise<void> {
    await this.deps.presence.add(operator.socketId, operator.adminId, 'operator', nodeId);
    this.deps.rooms.emit(operator.socketId, 'queue', { calls: await this.deps.ringing.operatorQueue() });
  }

  /** The profile a choice makes of the stored one. */
  private async nextProfile(userId: string, choice: AvailabilityChoice): Promise<VolunteerProfile> {
    const stored = await this.deps.volunteers.profile(userId);
    // the browser's zone name, checked against PostgreSQL's, which places the quiet hours
    if (
      choice.timeZone !== undefined &&
      choice.timeZone !== stored.timeZone &&
      !(await this.deps.volunteers.knowsTimeZone(choice.timeZone))
    ) {
      throw new AppError(400, 'errors.validation', {}, { field: 'timeZone' });
    }
    const timeZone = choice.timeZone ?? stored.timeZone;
    const quietHours = choice.quietHours ?? stored.quietHours;
    return {
      available: choice.available,
      languages: choice.languages,
      timeZone,
      quietHours,
      snoozedUntil: choice.snooze
        ? await this.snoozeEnd(choice.snooze, timeZone, quietHours)
        : stored.snoozedUntil,
    };
  }

  /**
   * When a pause chosen now ends (null: no pause). "Until tomorrow" is the next time the
   * volunteer's clock shows the end of their quiet hours (07:00 when they turned them off): chosen
   * in the evening that is the next morning, chosen at 02:00 this morning.
   */
  private async snoozeEnd(
    snooze: SnoozeChoice,
    timeZone: string | null,
    quietHours: QuietHours,
  ): Promise<string | null> {
    const now = this.deps.clock();
    switch (snooze) {
      case 'off':
        return null;
      case 'hour':
        return new Date(now.getTime() + HOUR_MS).toISOString();
      case 'week':
        return new Date(now.getTime() + 7 * DAY_MS).toISOString();
      case 'tomorrow': {
        // where tomorrow begins is the volunteer's: without their zone it cannot be placed
        if (!timeZone) throw new AppError(400, 'errors.validation', {}, { field: 'timeZone' });
        const wake = quietHours.enabled ? quietHours.end : DEFAULT_QUIET_HOURS.end;
        return (await this.deps.volunteers.nextLocalTime(now, timeZone, wake)).toISOString();
      }
    }
  }
}
