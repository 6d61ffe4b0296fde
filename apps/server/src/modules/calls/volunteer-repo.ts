import { VOLUNTEER } from '@sfm/protocol';
import { DEFAULT_QUIET_HOURS, type VolunteerProfile } from '@sfm/protocol/calls-availability';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { volunteerProfiles } from '../../db/calls-schema.ts';
import { users } from '../../db/core-schema.ts';

/** A volunteer's role and standing choices, and the clock arithmetic of their time zone. */
export class VolunteerRepo {
  constructor(private readonly db: Database) {}

  /** Whether the user chose the volunteer role (and is not banned): only they may be rung. */
  async isVolunteer(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userType: users.userType, bannedAt: users.bannedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.userType === VOLUNTEER && row.bannedAt === null;
  }

  /** A volunteer's standing choices (a user who never made any: not available, the defaults). */
  async profile(userId: string): Promise<VolunteerProfile> {
    const [row] = await this.db.select().from(volunteerProfiles).where(eq(volunteerProfiles.userId, userId));
    if (!row) {
      return {
        available: false,
        languages: ['zh'],
        timeZone: null,
        quietHours: DEFAULT_QUIET_HOURS,
        snoozedUntil: null,
      };
    }
    return {
      available: row.available,
      languages: row.languages,
      timeZone: row.timeZone,
      // PostgreSQL's time is HH:MM:SS; the choices are whole minutes
      quietHours: {
        enabled: row.quietHours,
        start: row.quietStart.slice(0, 5),
        end: row.quietEnd.slice(0, 5),
      },
      snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
    };
  }

  async saveProfile(userId: string, profile: VolunteerProfile, now: Date): Promise<void> {
    const columns = {
      available: profile.available,
      languages: profile.languages,
      timeZone: profile.timeZone,
      quietHours: profile.quietHours.enabled,
      quietStart: profile.quietHours.start,
      quietEnd: profile.quietHours.end,
      snoozedUntil: profile.snoozedUntil === null ? null : new Date(profile.snoozedUntil),
      updatedAt: now,
    };
    await this.db
      .insert(volunteerProfiles)
      .values({ userId, ...columns })
      .onConflictDoUpdate({ target: volunteerProfiles.userId, set: columns });
  }

  /** Whether PostgreSQL, which places quiet hours, knows the zone (the browser's name for it). */
  async knowsTimeZone(timeZone: string): Promise<boolean> {
    const { rows } = await this.db.execute<{ known: boolean }>(
      sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
    );
    return rows[0]?.known === true;
  }

  /** The next instant after `now` at which the clocks of `timeZone` show `time` (HH:MM). */
  async nextLocalTime(now: Date, timeZone: string, time: string): Promise<Date> {
    const at = now.toISOString();
    const { rows } = await this.db.execute<{ next: Date | string }>(sql`
      with wall as (select (${at}::timestamptz at time zone ${timeZone}) as t)
      select (case when wall.t::time < ${time}::time then wall.t::date else wall.t::date + 1 end
              + ${time}::time) at time zone ${timeZone} as next
      from wall`);
    const [row] = rows;
    if (!row) throw new Error('no time computed');
    return new Date(row.next);
  }
}
