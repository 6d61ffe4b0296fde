import type { CreateOrderRequest, PaymentOrder, RechargePackage, VipPlan } from '@sfm/protocol/points';
import type { Logger } from 'pino';
import { AppError } from '../../../app-error.ts';
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../../security/clock.ts';
import type { LockedAccount, PointsLedger } from '../ledger.ts';
import type { PointsRulesStore } from '../points-rules.ts';
import { OrdersRepo, type OrderRow } from './orders-repo.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** An unpaid order closes after this long (a paid notify arriving later still credits it). */
const ORDER_TTL_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

const orderNotFound = () => new AppError(404, 'errors.order_not_found');

type Item = { kind: 'recharge'; item: RechargePackage } | { kind: 'vip'; item: VipPlan };

/**
 * Recharge and VIP orders: created at the configured price, paid through a provider, and credited
 * exactly once — the order's conditional UPDATE (created → paid) and the ledger entry keyed by the
 * order are one transaction under the account lock, whether the notify or the user's return
 * arrives first, or both at once.
 */
export class OrderService {
  constructor(
    private readonly db: Database,
    private readonly ledger: PointsLedger,
    private readonly rules: PointsRulesStore,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async create(userId: string, request: CreateOrderRequest): Promise<PaymentOrder> {
    const { version, rules } = await this.rules.current();
    const item =
      request.kind === 'recharge'
        ? rules.rechargePackages.find((p) => p.id === request.itemId)
        : rules.vipPlans.find((p) => p.id === request.itemId);
    if (!item) throw new AppError(404, 'errors.order_item_not_found', {}, { field: 'itemId' });
    const now = this.clock();
    const row = await new OrdersRepo(this.db).insert({
      userId,
      kind: request.kind,
      itemId: item.id,
      item,
      amountFen: item.priceFen,
      provider: this.provider.name,
      configVersion: version,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
    });
    return this.toOrder(row);
  }

  /** The order's state; an open one is asked of the gateway, and credited if it says paid. */
  async status(userId: string, orderId: string): Promise<PaymentOrder> {
    const row = await this.owned(userId, orderId);
    if (row.status === 'created' || row.status === 'expired') {
      const trade = await this.provider.query(orderId).catch((err: unknown) => {
        // the gateway unreachable or unverifiable: the order stays as it is; its notify will come
        this.logger.warn({ orderId, provider: this.provider.name, err }, 'payment query failed');
        return { paid: false } as const;
      });
      if (trade.paid) return this.toOrder(await this.settle(row, trade.tradeNo, trade.amountFen));
    }
    return this.toOrder(row);
  }

  async owned(userId: string, orderId: string): Promise<OrderRow> {
    const row = await new OrdersRepo(this.db).find(orderId);
    if (!row || row.userId !== userId) throw orderNotFound();
    return row;
  }

  /** The user's own order, still open for payment (the checkout refuses a closed one). */
  async payable(userId: string, orderId: string): Promise<OrderRow> {
    const row = await this.owned(userId, orderId);
    if (row.status !== 'created' || row.expiresAt <= this.clock()) {
      throw new AppError(409, 'errors.order_not_payable');
    }
    return row;
  }

  /** A gateway's notify: verified, amount-checked, idempotent. Answers whether it was accepted. */
  async notify(body: unknown): Promise<boolean> {
    const notify = this.provider.verifyNotify(body);
    if (!notify) {
      this.logger.warn({ provider: this.provider.name }, 'payment notify refused: bad signature');
      return false;
    }
    const row = await new OrdersRepo(this.db).find(notify.orderId);
    if (!row || row.provider !== this.provider.name) {
      this.logger.warn({ orderId: notify.orderId }, 'payment notify refused: unknown order');
      return false;
    }
    if (notify.state === 'waiting') return true;
    if (notify.state === 'closed') {
      // closed before payment: the order failed; closed after it: the payment was refunded
      if (row.status === 'paid') await this.refund(row);
      else await new OrdersRepo(this.db).markFailed(row.id);
      return true;
    }
    if (row.status === 'failed') {
      this.logger.warn({ orderId: row.id }, 'payment arrived for a failed order: credited');
    }
    if (notify.amountFen !== row.amountFen) {
      this.logger.error(
        { orderId: row.id, expected: row.amountFen, got: notify.amountFen },
        'payment notify refused: wrong amount',
      );
      return false;
    }
    await this.settle(row, notify.tradeNo, notify.amountFen);
    return true;
  }

  /** Credits a paid order once; a second call (replayed notify, racing return) changes nothing. */
  async settle(row: OrderRow, tradeNo: string, amountFen: number): Promise<OrderRow> {
    if (amountFen !== row.amountFen) throw new AppError(409, 'errors.order_not_payable');
    return this.ledger.withAccount(row.userId, async (locked) => {
      const orders = new OrdersRepo(locked.tx);
      const paid = await orders.markPaid(row.id, tradeNo, locked.now);
      if (!paid) return (await orders.find(row.id)) ?? row;
      await this.credit(locked, paid);
      this.logger.info({ orderId: paid.id, kind: paid.kind, amountFen }, 'order paid and credited');
      return paid;
    });
  }

  /**
   * A paid order refunded by the gateway: its points come back out (never below zero: what was
   * already spent is recorded on the order as the shortfall, and logged for the operators), a VIP
   * purchase's days are taken off the membership.
   */
  private async refund(row: OrderRow): Promise<void> {
    await this.ledger.withAccount(row.userId, async (locked) => {
      const { account, now } = locked;
      const item = { kind: row.kind, item: row.item } as Item;
      const back = item.kind === 'recharge' ? Math.min(item.item.points, account.paidPoints) : 0;
      const shortfall = item.kind === 'recharge' ? item.item.points - back : 0;
      // first the order's state, conditionally: a repeated notify refunds nothing twice
      if (!(await new OrdersRepo(locked.tx).markRefunded(row.id, shortfall))) return;
      const movement = {
        scene: 'points_recharge',
        remark: `退款 ${item.item.name}`,
        key: `refund:${row.id}`,
      } as const;
      if (item.kind === 'recharge') {
        await locked.write({ ...movement, type: 'recharge', paid: -back });
        account.paidOriginal = account.paidPoints;
      } else if (account.vipExpiresAt) {
        const until = new Date(account.vipExpiresAt.getTime() - item.item.days * DAY_MS);
        account.vipExpiresAt = until > now ? until : now;
        if (until <= now && account.vipPoints > 0) {
          await locked.write({
            ...movement,
            type: 'vip',
            scene: 'vip_subscription',
            vip: -account.vipPoints,
          });
        }
      }
      if (shortfall > 0) {
        this.logger.error({ orderId: row.id, shortfall }, 'refund took back fewer points than were bought');
      } else {
        this.logger.info({ orderId: row.id }, 'order refunded');
      }
    });
  }

  private async credit(locked: LockedAccount, order: OrderRow): Promise<void> {
    const { account, now } = locked;
    const item = { kind: order.kind, item: order.item } as Item;
    if (item.kind === 'recharge') {
      await locked.write({
        type: 'recharge',
        scene: 'points_recharge',
        remark: `充值 ${item.item.name}`,
        key: `order:${order.id}`,
        paid: item.item.points,
      });
      account.paidOriginal = account.paidPoints;
      return;
    }
    // VIP periods stack: a purchase extends from the current expiry, or from now after one ended
    const from = account.vipExpiresAt && account.vipExpiresAt > now ? account.vipExpiresAt : now;
    account.vipExpiresAt = new Date(from.getTime() + item.item.days * DAY_MS);
    account.vipDailyPoints = item.item.dailyPoints;
    await this.ledger.refillVip(locked, `开通${item.item.name}`, `order:${order.id}`);
  }

  toOrder(row: OrderRow): PaymentOrder {
    const now = this.clock();
    const status = row.status === 'created' && row.expiresAt <= now ? 'expired' : row.status;
    return {
      id: row.id,
      kind: row.kind as PaymentOrder['kind'],
      itemId: row.itemId,
      itemName: (row.item as { name: string }).name,
      amountFen: row.amountFen,
      status: status as PaymentOrder['status'],
      provider: row.provider,
      checkoutUrl: this.provider.checkoutUrl({
        id: row.id,
        amountFen: row.amountFen,
        subject: (row.item as { name: string }).name,
      }),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  }
}
