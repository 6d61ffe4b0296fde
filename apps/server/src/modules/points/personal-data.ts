import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { paymentOrders, pointsAccounts, pointsEntries, pointsHolds } from '../../db/points-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/**
 * A user's points account, ledger entries and orders. Deleting the account removes only the holds:
 * the ledger (entries, account, orders) keeps its now anonymous rows, so the books still balance.
 */
export function pointsPersonalData(db: Database): PersonalDataSource {
  return {
    collect: async (userId) => {
      const [account] = await db.select().from(pointsAccounts).where(eq(pointsAccounts.userId, userId));
      return {
        points: {
          account: account ?? null,
          entries: await db
            .select({
              id: pointsEntries.id,
              createdAt: pointsEntries.createdAt,
              type: pointsEntries.type,
              scene: pointsEntries.scene,
              amount: pointsEntries.amount,
              balanceAfter: pointsEntries.balanceAfter,
              remark: pointsEntries.remark,
            })
            .from(pointsEntries)
            .where(eq(pointsEntries.userId, userId))
            .orderBy(pointsEntries.id),
          orders: await db
            .select({
              id: paymentOrders.id,
              createdAt: paymentOrders.createdAt,
              kind: paymentOrders.kind,
              item: paymentOrders.item,
              amountFen: paymentOrders.amountFen,
              provider: paymentOrders.provider,
              status: paymentOrders.status,
              paidAt: paymentOrders.paidAt,
            })
            .from(paymentOrders)
            .where(eq(paymentOrders.userId, userId))
            .orderBy(paymentOrders.createdAt),
        },
      };
    },
    erase: async (userId, tx) => {
      await tx.delete(pointsHolds).where(eq(pointsHolds.userId, userId));
    },
  };
}
