import { lt, sql, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { callPresence } from '../../db/calls-schema.ts';

/** Presence rows older than this are a dead node's: its sockets stopped refreshing them. */
export const PRESENCE_STALE_SECONDS = 90;

/**
 * Who is online to be rung or to answer, on which node (`call_presence`): a row per available
 * volunteer's or operator's socket, kept fresh by its node.
 */
export class PresenceRepo {
  constructor(private readonly db: Database) {}

  async add(socketId: string, memberId: string, kind: 'volunteer' | 'operator', nodeId: string) {
    await this.db
      .insert(callPresence)
      .values({ socketId, memberId, kind, nodeId })
      .onConflictDoUpdate({ target: callPresence.socketId, set: { seenAt: sql`now()` } });
  }

  async remove(socketId: string): Promise<void> {
    await this.db.delete(callPresence).where(eq(callPresence.socketId, socketId));
  }

  /** This node's sockets are still here; rows of nodes that stopped refreshing are dropped. */
  async refresh(nodeId: string): Promise<void> {
    await this.db
      .update(callPresence)
      .set({ seenAt: sql`now()` })
      .where(eq(callPresence.nodeId, nodeId));
    await this.db
      .delete(callPresence)
      .where(lt(callPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS * 2})`));
  }

  async removeNode(nodeId: string): Promise<void> {
    await this.db.delete(callPresence).where(eq(callPresence.nodeId, nodeId));
  }
}
