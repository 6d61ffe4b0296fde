import { VOLUNTEER } from '@sfm/protocol';
import { type IncomingCall } from '@sfm/protocol/calls';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { callRings, calls } from '../../db/calls-schema.ts';
import { users } from '../../db/core-schema.ts';
import { incomingCall } from './call-rows.ts';
import { PRESENCE_STALE_SECONDS } from './presence-repo.ts';

/** Who a call rings (`call_rings`, the volunteers' queue) and what is still ringing for whom. */
export class RingingRepo {
  constructor(private readonly db: Database) {}

  /**
   * Rings the next batch in one statement: available volunteers who speak the call's language, are
   * not banned, not the seeker, neither blocking nor blocked by the seeker, not in a call, not rung
   * for this call yet, not pausing (snoozed_until) and not in their quiet hours, and who can be
   * reached: online on any node, or else by Web Push. Returns the volunteers rung and whether they
   * are online. With `onlyNode`, online means online on that node.
   *
   * Who goes first: those not ringing for another seeker's call (a phone rings for one call at a
   * time while anyone free is left), then those asked longest ago (never asked: first), then those
   * on the page, then by lot. "Asked" is `volunteer_profiles.last_asked_at`, set in this same
   * statement for everyone it rings, rather than max(call_rings.rung_at): one indexed value per
   * volunteer to sort on, not an aggregate over each one's whole ring history on every batch. So nobody is rung twice while
   * someone who could be rung was never asked. Quiet hours are read on the volunteer's own clock
   * (`now` at time zone theirs), `now` being the service's clock; a volunteer whose zone is not
   * known yet (their page never said it) cannot be placed in the day and has none. Batches are
   * picked one at a time across every node (a transaction-scoped advisory lock): two calls asked at
   * the same instant would otherwise both pick the same volunteers, neither seeing the other's rings.
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
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('call_rings.pick'))`);
      const { rows } = await tx.execute<{ volunteer_id: string; online: boolean }>(sql`
      with call as (
        select id, seeker_id, language from calls where id = ${callId} and status = 'ringing' and stage = 'volunteers'
      ), chosen as (
        select v.user_id as volunteer_id, v.last_asked_at,
          exists (select 1 from call_presence p where p.member_id = v.user_id and p.kind = 'volunteer'
                  and p.seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})
                  and (${node}::text is null or p.node_id = ${node}::text)) as online,
          exists (select 1 from push_subscriptions s where s.user_id = v.user_id) as pushable,
          -- already ringing for another seeker's call: rung for this one only when nobody free is left
          exists (select 1 from call_rings o join calls oc on oc.id = o.call_id
                  where o.volunteer_id = v.user_id and o.call_id <> call.id and o.declined_at is null
                    and oc.status = 'ringing' and oc.stage = 'volunteers') as busy
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
            row_number() over (order by busy asc, last_asked_at asc nulls first, online desc, random()) as place
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
    });
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

  /** Every volunteer a call has rung so far, whatever they did then. */
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
}
