import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { paymentOrders } from '../../../db/schema.ts';

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
   * Marks an open order paid; undefined when it was not open (already paid, failed or refunded):
   * the conditional UPDATE is what lets exactly one of a notify and a return credit it.
   */
  async markPaid(id: string, tradeNo: string, now: Date): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .update(paymentOrders)
      .set({ status: 'paid', providerTradeNo: tradeNo, paidAt: now })
      .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, ['created', 'expired'])))
      .returning();
    return row;
  }

  async markFailed(id: string): Promise<void> {
    await this.db
      .update(paymentOrders)
      .set({ status: 'failed' })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'created')));
  }
}
