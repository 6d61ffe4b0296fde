import {
  DEFAULT_QUIET_HOURS,
  VOLUNTEER,
  type CallLanguage,
  type CallRecord,
  type CallWarning,
  type IncomingCall,
  type SharedContext,
  type VolunteerProfile,
} from '@sfm/protocol';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { isUuid, type Database } from '../../db/database.ts';
import type { PushTarget } from './web-push.ts';
import {
  callFeedback,
  callPresence,
  callRings,
  calls,
  pushSubscriptions,
  userBlocks,
  users,
  volunteerProfiles,
} from '../../db/schema.ts';

export type CallRow = typeof calls.$inferSelect;

/** A helper who answered: a volunteer (a user) or an operator (an admin). */
export type Helper = { kind: 'volunteer'; userId: string } | { kind: 'operator'; adminId: string };

/** The name a member is shown to the other: the nickname, never the phone number. */
const shownName = (nickname: string | null) => nickname ?? '';

/** A member of a call as their socket knows them: a user (seeker or volunteer) or an operator. */
export type CallMember = { userId: string } | { adminId: string };

/** Presence rows older than this are a dead node's: its sockets stopped refreshing them. */
export const PRESENCE_STALE_SECONDS = 90;

/** A call counts as help given from this long (issue 31: "say 15 s"). */
const HELP_MIN_SECONDS = 15;

export class CallsRepo {
  constructor(private readonly db: Database) {}

  async create(call: {
    seekerId: string;
    seekerSocket: string;
    language: CallLanguage;
    context: SharedContext | null;
    now: Date;
  }): Promise<CallRow | null> {
    const [row] = await this.db
      .insert(calls)
      .values({ ...call, createdAt: call.now })
      .onConflictDoNothing({
        target: calls.seekerId,
        where: sql`${calls.status} in ('ringing', 'connected')`,
      })
      .returning();
    // null: the seeker has an open call already (the partial unique index decided)
    return row ?? null;
  }

  async find(callId: string): Promise<CallRow | null> {
    if (!isUuid(callId)) return null;
    const [row] = await this.db.select().from(calls).where(eq(calls.id, callId));
    return row ?? null;
  }

  async isBanned(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId));
    return !row || row.bannedAt !== null;
  }

  /** Whether the user chose the volunteer role (and is not banned): only they may be rung. */
  async isVolunteer(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userType: users.userType, bannedAt: users.bannedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.userType === VOLUNTEER && row.bannedAt === null;
  }

  async nickname(userId: string): Promise<string> {
    const [row] = await this.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
    return shownName(row?.nickname ?? null);
  }

  /**
   * Rings the next batch in one statement: available volunteers who speak the call's language, are
   * not banned, not the seeker, neither blocking nor blocked by the seeker, not in a call, not rung
   * for this call yet, not pausing (snoozed_until) and not in their quiet hours, and who can be
   * reached: online on any node, or else by Web Push. Returns the volunteers rung and whether they
   * are online. With `onlyNode`, online means online on that node.
   *
   * Who goes first: those asked longest ago (never asked: first), then those on the page, then by
   * lot. "Asked" is `volunteer_profiles.last_asked_at`, set in this same statement for everyone it
   * rings, rather than max(call_rings.rung_at): one indexed value per volunteer to sort on, not an
   * aggregate over each one's whole ring history on every batch. So nobody is rung twice while
   * someone who could be rung was never asked. Quiet hours are read on the volunteer's own clock
   * (`now` at time zone theirs), `now` being the service's clock; a volunteer whose zone is not
   * known yet (their page never said it) cannot be placed in the day and has none. Two calls
   * ringing at the same instant may pick the same volunteers (neither statement sees the other's
   * rings yet); their asking times then put them at the back of the queue for both.
   */
  async ringBatch(
    callId: string,
    batch: number,
    size: number,
    now: Date,
    onlyNode?: string,
  ): Promise<{ volunteerId: string; online: boolean }[]> {
    const node = onlyNode ?? null;
    const at = now.toISOString();
    const { rows } = await this.db.execute<{ volunteer_id: string; online: boolean }>(sql`
      with call as (
        select id, seeker_id, language from calls where id = ${callId} and status = 'ringing' and stage = 'volunteers'
      ), chosen as (
        select v.user_id as volunteer_id, v.last_asked_at,
          exists (select 1 from call_presence p where p.member_id = v.user_id and p.kind = 'volunteer'
                  and p.seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})
                  and (${node}::text is null or p.node_id = ${node}::text)) as online,
          exists (select 1 from push_subscriptions s where s.user_id = v.user_id) as pushable
        from volunteer_profiles v
        join users u on u.id = v.user_id and u.banned_at is null and u.user_type = ${VOLUNTEER}
        cross join call
        cross join lateral (select (${at}::timestamptz at time zone v.time_zone)::time as t) wall
        where v.available
          and call.language = any(v.languages)
          and v.user_id <> call.seeker_id
          and not exists (select 1 from user_blocks b
            where (b.blocker_id = call.seeker_id and b.blocked_id = v.user_id)
               or (b.blocker_id = v.user_id and b.blocked_id = call.seeker_id))
          and not exists (select 1 from calls c where c.volunteer_id = v.user_id and c.status = 'connected')
          and not exists (select 1 from call_rings r where r.call_id = call.id and r.volunteer_id = v.user_id)
          and (v.snoozed_until is null or v.snoozed_until <= ${at}::timestamptz)
          and not (v.quiet_hours and v.time_zone is not null and case
            when v.quiet_start < v.quiet_end then wall.t >= v.quiet_start and wall.t < v.quiet_end
            else wall.t >= v.quiet_start or wall.t < v.quiet_end end)
      ), picked as (
        select volunteer_id, online, place from (
          select volunteer_id, online,
            row_number() over (order by last_asked_at asc nulls first, online desc, random()) as place
          from chosen where online or pushable
        ) ranked
        where place <= ${size}
      ), rung as (
        insert into call_rings (call_id, volunteer_id, batch, rung_at)
        select ${callId}, volunteer_id, ${batch}, ${at}::timestamptz from picked
        returning volunteer_id
      ), asked as (
        -- a microsecond apart in the order they were picked: the queue keeps its order through a
        -- batch, so one that straddles two rounds does not let the later round jump the earlier
        update volunteer_profiles p
        set last_asked_at = ${at}::timestamptz + picked.place * interval '1 microsecond'
        from picked
        where p.user_id = picked.volunteer_id and picked.volunteer_id in (select volunteer_id from rung)
      )
      select picked.volunteer_id, picked.online from picked join rung using (volunteer_id)`);
    return rows.map((r) => ({ volunteerId: r.volunteer_id, online: r.online }));
  }

  /** How many volunteers a call has rung so far; null once it no longer rings volunteers. */
  async notifiedCount(callId: string): Promise<number | null> {
    const { rows } = await this.db.execute<{ notified: number }>(sql`
      select count(r.volunteer_id)::int as notified
      from calls c left join call_rings r on r.call_id = c.id
      where c.id = ${callId} and c.status = 'ringing' and c.stage = 'volunteers'
      group by c.id`);
    return rows[0]?.notified ?? null;
  }

  /** The calls still ringing for a volunteer who was rung while away (a push brought them back). */
  async pendingRings(volunteerId: string): Promise<IncomingCall[]> {
    const rows = await this.db
      .select({ call: calls, nickname: users.nickname })
      .from(callRings)
      .innerJoin(calls, eq(calls.id, callRings.callId))
      .innerJoin(users, eq(users.id, calls.seekerId))
      .where(
        and(
          eq(callRings.volunteerId, volunteerId),
          isNull(callRings.declinedAt),
          eq(calls.status, 'ringing'),
          eq(calls.stage, 'volunteers'),
        ),
      );
    return rows.map(({ call, nickname }) => incomingCall(call, nickname));
  }

  async pushTargets(userIds: string[]): Promise<PushTarget[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        locale: pushSubscriptions.locale,
      })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
  }

  /** Keeps a browser's subscription for the user (a browser that moved to another account moves too). */
  async savePushSubscription(userId: string, target: PushTarget, now: Date): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({ userId, ...target, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: target.p256dh, auth: target.auth, locale: target.locale },
      });
  }

  /** Drops all but the user's `keep` newest subscriptions. */
  async keepNewestPushSubscriptions(userId: string, keep: number): Promise<void> {
    await this.db.execute(sql`
      delete from push_subscriptions where user_id = ${userId} and endpoint not in (
        select endpoint from push_subscriptions where user_id = ${userId}
        order by created_at desc, endpoint limit ${keep}
      )`);
  }

  async removePushSubscription(endpoint: string, userId?: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, endpoint),
          userId === undefined ? undefined : eq(pushSubscriptions.userId, userId),
        ),
      );
  }

  /**
   * The one place a call is answered: a conditional UPDATE, so of any number of helpers accepting
   * at once on any nodes exactly one gets the row back. A volunteer must have been rung for it, not
   * be banned and not be in another call; an operator answers once the call reached the queue.
   */
  async answer(callId: string, helper: Helper, helperSocket: string, now: Date): Promise<CallRow | null> {
    if (!isUuid(callId)) return null;
    const [row] =
      helper.kind === 'volunteer'
        ? await this.db
            .update(calls)
            .set({ status: 'connected', volunteerId: helper.userId, helperSocket, connectedAt: now })
            .where(
              and(
                eq(calls.id, callId),
                eq(calls.status, 'ringing'),
                eq(calls.stage, 'volunteers'),
                sql`exists (select 1 from ${callRings} r where r.call_id = ${callId} and r.volunteer_id = ${helper.userId} and r.declined_at is null)`,
                sql`exists (select 1 from ${users} u where u.id = ${helper.userId} and u.banned_at is null)`,
                sql`not exists (select 1 from ${calls} c where c.volunteer_id = ${helper.userId} and c.status = 'connected')`,
              ),
            )
            .returning()
        : await this.db
            .update(calls)
            .set({ status: 'connected', operatorId: helper.adminId, helperSocket, connectedAt: now })
            .where(and(eq(calls.id, callId), eq(calls.status, 'ringing'), eq(calls.stage, 'operators')))
            .returning();
    return row ?? null;
  }

  async decline(callId: string, volunteerId: string, now: Date): Promise<void> {
    if (!isUuid(callId)) return;
    await this.db
      .update(callRings)
      .set({ declinedAt: now })
      .where(and(eq(callRings.callId, callId), eq(callRings.volunteerId, volunteerId)));
  }

  /** Moves a call nobody answered to the operators' queue; false when it is no longer ringing there. */
  async escalate(callId: string): Promise<boolean> {
    const rows = await this.db
      .update(calls)
      .set({ stage: 'operators' })
      .where(and(eq(calls.id, callId), eq(calls.status, 'ringing'), eq(calls.stage, 'volunteers')))
      .returning({ id: calls.id });
    return rows.length > 0;
  }

  /** Ends a ringing call (missed or cancelled); null when it had already been answered or ended. */
  async stopRinging(
    callId: string,
    status: 'missed' | 'cancelled',
    now: Date,
    seekerId?: string,
  ): Promise<CallRow | null> {
    if (!isUuid(callId)) return null;
    const [row] = await this.db
      .update(calls)
      .set({ status, endedAt: now })
      .where(
        and(
          eq(calls.id, callId),
          eq(calls.status, 'ringing'),
          seekerId === undefined ? undefined : eq(calls.seekerId, seekerId),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Ends a connected call; null when it had already ended. With `lostSocket`, only while that socket
   * is still a member's: a member who came back on a new socket (rejoin) keeps the call.
   */
  async end(callId: string, reason: string, now: Date, lostSocket?: string): Promise<CallRow | null> {
    if (!isUuid(callId)) return null;
    const [row] = await this.db
      .update(calls)
      .set({ status: 'completed', endedAt: now, endReason: reason })
      .where(
        and(
          eq(calls.id, callId),
          eq(calls.status, 'connected'),
          lostSocket === undefined
            ? undefined
            : sql`(${calls.seekerSocket} = ${lostSocket} or ${calls.helperSocket} = ${lostSocket})`,
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * A member's socket of a connected call went away without a hang-up: the call is kept for them
   * until `until`. Null when the socket is no longer a member's (it came back already, or the call ended).
   */
  async interrupt(callId: string, lostSocket: string, until: Date): Promise<CallRow | null> {
    const [row] = await this.db
      .update(calls)
      .set({ interruptedUntil: until })
      .where(
        and(
          eq(calls.id, callId),
          eq(calls.status, 'connected'),
          sql`(${calls.seekerSocket} = ${lostSocket} or ${calls.helperSocket} = ${lostSocket})`,
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Ends the calls whose interrupted member did not come back in time: the node that timed the grace
   * may have stopped (a restart) before its timer ran. Returns the calls ended now.
   */
  async endOverdue(now: Date): Promise<CallRow[]> {
    return this.db
      .update(calls)
      .set({ status: 'completed', endedAt: now, endReason: 'connection_lost' })
      .where(and(eq(calls.status, 'connected'), lt(calls.interruptedUntil, now)))
      .returning();
  }

  /**
   * A member of a connected call is now on `socketId` (their socket dropped and came back, on any
   * node): a conditional UPDATE, so a call that ended meanwhile is not revived. Null when it ended.
   */
  async rejoin(callId: string, member: CallMember, socketId: string): Promise<CallRow | null> {
    if (!isUuid(callId)) return null;
    const isSeeker = 'userId' in member ? eq(calls.seekerId, member.userId) : sql`false`;
    const isHelper =
      'userId' in member ? eq(calls.volunteerId, member.userId) : eq(calls.operatorId, member.adminId);
    const [row] = await this.db
      .update(calls)
      .set({
        seekerSocket: sql`case when ${isSeeker} then ${socketId} else ${calls.seekerSocket} end`,
        helperSocket: sql`case when ${isSeeker} then ${calls.helperSocket} else ${socketId} end`,
        interruptedUntil: null,
      })
      .where(and(eq(calls.id, callId), eq(calls.status, 'connected'), or(isSeeker, isHelper)))
      .returning();
    return row ?? null;
  }

  /** The calls a socket was in (ringing as the seeker, or connected as either member). */
  async openCallsOfSocket(socketId: string): Promise<CallRow[]> {
    return this.db
      .select()
      .from(calls)
      .where(
        and(
          inArray(calls.status, ['ringing', 'connected']),
          sql`(${calls.seekerSocket} = ${socketId} or ${calls.helperSocket} = ${socketId})`,
        ),
      );
  }

  async ringedVolunteers(callId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: callRings.volunteerId })
      .from(callRings)
      .where(eq(callRings.callId, callId));
    return rows.map((r) => r.id);
  }

  /** The calls waiting for an operator, oldest first, as the operators' page shows them. */
  async operatorQueue(): Promise<IncomingCall[]> {
    const rows = await this.db
      .select({ call: calls, nickname: users.nickname })
      .from(calls)
      .innerJoin(users, eq(users.id, calls.seekerId))
      .where(and(eq(calls.status, 'ringing'), eq(calls.stage, 'operators')))
      .orderBy(calls.createdAt);
    return rows.map(({ call, nickname }) => incomingCall(call, nickname));
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

  async addPresence(socketId: string, memberId: string, kind: 'volunteer' | 'operator', nodeId: string) {
    await this.db
      .insert(callPresence)
      .values({ socketId, memberId, kind, nodeId })
      .onConflictDoUpdate({ target: callPresence.socketId, set: { seenAt: sql`now()` } });
  }

  async removePresence(socketId: string): Promise<void> {
    await this.db.delete(callPresence).where(eq(callPresence.socketId, socketId));
  }

  /** This node's sockets are still here; rows of nodes that stopped refreshing are dropped. */
  async refreshPresence(nodeId: string): Promise<void> {
    await this.db
      .update(callPresence)
      .set({ seenAt: sql`now()` })
      .where(eq(callPresence.nodeId, nodeId));
    await this.db
      .delete(callPresence)
      .where(lt(callPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS * 2})`));
  }

  async removeNodePresence(nodeId: string): Promise<void> {
    await this.db.delete(callPresence).where(eq(callPresence.nodeId, nodeId));
  }

  /**
   * A member's calls, newest first, with the other member's shown name; and how many times the
   * member helped: calls they answered that someone hung up after HELP_MIN_SECONDS. A call a reload
   * or a dropped network ended, or one over in seconds, is not help given.
   */
  async history(userId: string, limit: number): Promise<{ helpedCount: number; calls: CallRecord[] }> {
    const { rows } = await this.db.execute<{
      id: string;
      created_at: Date | string;
      status: CallRecord['status'];
      role: CallRecord['role'];
      peer_name: string | null;
      duration_seconds: number | null;
    }>(sql`
      select c.id, c.created_at, c.status,
        case when c.seeker_id = ${userId} then 'seeker' else 'helper' end as role,
        case when c.seeker_id = ${userId} then coalesce(v.nickname, case when c.operator_id is not null then '' end)
             else s.nickname end as peer_name,
        case when c.connected_at is not null and c.ended_at is not null
             then extract(epoch from c.ended_at - c.connected_at)::int end as duration_seconds
      from calls c
      join users s on s.id = c.seeker_id
      left join users v on v.id = c.volunteer_id
      where c.seeker_id = ${userId} or c.volunteer_id = ${userId}
      order by c.created_at desc
      limit ${limit}`);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(calls)
      .where(
        and(
          eq(calls.volunteerId, userId),
          eq(calls.status, 'completed'),
          sql`${calls.endReason} is distinct from 'connection_lost'`,
          sql`${calls.endedAt} - ${calls.connectedAt} >= make_interval(secs => ${HELP_MIN_SECONDS})`,
        ),
      );
    return {
      helpedCount: count?.n ?? 0,
      calls: rows.map((r) => ({
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        status: r.status,
        role: r.role,
        peerName: r.peer_name,
        durationSeconds: r.duration_seconds,
      })),
    };
  }

  /** The warnings the back office gave this member after reports about their calls, newest first. */
  async warnings(userId: string, limit: number): Promise<CallWarning[]> {
    const rows = await this.db
      .select({
        callId: callFeedback.callId,
        callAt: calls.createdAt,
        warnedAt: callFeedback.handledAt,
        reason: callFeedback.reportReason,
      })
      .from(callFeedback)
      .innerJoin(calls, eq(calls.id, callFeedback.callId))
      .where(and(eq(callFeedback.aboutUserId, userId), eq(callFeedback.handling, 'warned')))
      .orderBy(desc(callFeedback.handledAt))
      .limit(limit);
    return rows.map((r) => ({
      callId: r.callId,
      callAt: r.callAt.toISOString(),
      warnedAt: (r.warnedAt ?? r.callAt).toISOString(),
      reason: r.reason as CallWarning['reason'],
    }));
  }

  /** Stores a member's rating/report (a second one replaces the first) and a block, together. */
  async saveFeedback(feedback: {
    callId: string;
    userId: string;
    aboutUserId: string | null;
    helpful: boolean | null;
    reportReason: string | null;
    reportNote: string;
    block: boolean;
    now: Date;
  }): Promise<void> {
    const { block, now, ...row } = feedback;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(callFeedback)
        .values({ ...row, createdAt: now })
        .onConflictDoUpdate({
          target: [callFeedback.callId, callFeedback.userId],
          set: { helpful: row.helpful, reportReason: row.reportReason, reportNote: row.reportNote },
        });
      if (block && row.aboutUserId) {
        await tx
          .insert(userBlocks)
          .values({ blockerId: row.userId, blockedId: row.aboutUserId, createdAt: now })
          .onConflictDoNothing();
      }
    });
  }
}

/** How a ringing call is shown to a helper: the seeker's nickname, never the phone number. */
export function incomingCall(call: CallRow, seekerNickname: string | null): IncomingCall {
  return {
    callId: call.id,
    seekerName: shownName(seekerNickname),
    language: call.language,
    context: call.context ?? null,
    askedAt: call.createdAt.toISOString(),
  };
}
