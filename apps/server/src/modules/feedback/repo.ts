import { and, asc, count, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { feedback } from '../../db/account-schema.ts';
import { users } from '../../db/core-schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackWithPhone = FeedbackRow & { phone: string | null };

export class FeedbackRepo {
  constructor(private readonly db: Executor) {}

  async insert(row: typeof feedback.$inferInsert): Promise<FeedbackRow> {
    const [inserted] = await this.db.insert(feedback).values(row).returning();
    return inserted!;
  }

  /** How many photos the user attached to feedback since `since`. */
  async photosSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.userId, userId), isNotNull(feedback.photoKey), gte(feedback.createdAt, since)));
    return row?.n ?? 0;
  }

  listByUser(userId: string): Promise<FeedbackRow[]> {
    return this.db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, userId))
      .orderBy(desc(feedback.createdAt));
  }

  /** The queue (unanswered, oldest first) or the latest answered (newest first), with the sender's phone. */
  async list(status: 'open' | 'answered', limit: number): Promise<FeedbackWithPhone[]> {
    const rows = await this.db
      .select({ row: feedback, phone: users.phone })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(status === 'open' ? isNull(feedback.repliedAt) : isNotNull(feedback.repliedAt))
      .orderBy(status === 'open' ? asc(feedback.createdAt) : desc(feedback.repliedAt))
      .limit(limit);
    return rows.map(({ row, phone }) => ({ ...row, phone }));
  }

  async findById(id: string): Promise<FeedbackWithPhone | null> {
    const [found] = await this.db
      .select({ row: feedback, phone: users.phone })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.id, id));
    return found ? { ...found.row, phone: found.phone } : null;
  }

  async reply(id: string, reply: string, adminId: string, now: Date): Promise<FeedbackRow | null> {
    const [row] = await this.db
      .update(feedback)
      .set({ reply, repliedAt: now, repliedBy: adminId })
      .where(eq(feedback.id, id))
      .returning();
    return row ?? null;
  }
}
