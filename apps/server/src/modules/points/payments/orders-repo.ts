import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { paymentOrders } from '../../../db/points-schema.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrder = typeof paymentOrders.$inferInsert;

export class OrdersRepo {
  constructor(private readonly db: Executor) {}

  async insert(order: NewOrder): Promise<OrderRow> {
    const [row] = await this.db.insert(paymentOrders).values(order).returning();
    if (!row) throw new Error('order insert returned no row');
    return row;
  }

  async find(id: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    return row;
  }

  /**
   * Marks an unpaid order paid (open, expired, or failed: money that arrives after all is still
   * the user's); undefined when it was paid or refunded already: the conditional UPDATE is what
   * lets exactly one of a notify and a return credit it.
   */
  async markPaid(id: string, tradeNo: string, now: Date): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .update(paymentOrders)
      .set({ status: 'paid', providerTradeNo: tradeNo, paidAt: now })
      .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, ['created', 'expired', 'failed'])))
      .returning();
    return row;
  }

  /** Marks a paid order refunded, with the points that could not be taken back; undefined unless it was paid. */
  async markRefunded(id: string, shortfall: number): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .update(paymentOrders)
      .set({ status: 'refunded', refundShortfall: shortfall })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'paid')))
      .returning();
    return row;
  }

  /** The user's refunded orders whose points could not all be taken back, latest first. */
  async refundShortfalls(userId: string, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.userId, userId), gt(paymentOrders.refundShortfall, 0)))
      .orderBy(desc(paymentOrders.paidAt))
      .limit(limit);
  }

  async markFailed(id: string): Promise<void> {
    await this.db
      .update(paymentOrders)
      .set({ status: 'failed' })
      .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, ['created', 'expired'])));
  }
}
