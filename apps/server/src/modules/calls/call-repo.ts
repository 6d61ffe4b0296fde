import type { SharedContext } from '@sfm/protocol/calls';
import type { CallLanguage } from '@sfm/protocol/calls-language';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { isUuid, type Database } from '../../db/database.ts';
import { callRings, calls } from '../../db/calls-schema.ts';
import { users } from '../../db/core-schema.ts';
import { shownName, type CallRow } from './call-rows.ts';
import type { CallMember, Helper } from './members.ts';

/**
 * A call's life in the `calls` table: asked for, answered (by exactly one), moved to the operators,
 * ended, interrupted and rejoined. Every change is a conditional UPDATE, so a step that comes late
 * (a timer, another node) changes nothing.
 */
export class CallRepo {
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

  async nickname(userId: string): Promise<string> {
    const [row] = await this.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
    return shownName(row?.nickname ?? null);
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
}
