import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

export const PointsDetails = z.object({
  totalPoints: z.number().int(),
  freePoints: z.number().int(),
  originalPoints: z.number().int(),
  vipPoints: z.number().int(),
  originalVipPoints: z.number().int(),
  paidPoints: z.number().int(),
  originalPaidPoints: z.number().int(),
  isVip: z.boolean(),
  vipExpiryDate: z.string().nullable(),
});
export type PointsDetails = z.infer<typeof PointsDetails>;

export const PointsLogType = z.enum(['consume', 'recharge', 'auth', 'gift', 'vip', 'other']);
export type PointsLogType = z.infer<typeof PointsLogType>;

export const PointsScene = z.enum([
  'text',
  'vision',
  'reasoning',
  'recognize',
  'analyze',
  'other',
  'vip_subscription',
  'points_recharge',
  'verification_reward',
]);
export type PointsScene = z.infer<typeof PointsScene>;

export const POINTS_PAGE_SIZE = 10;

export const PointsLogsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(POINTS_PAGE_SIZE),
  type: PointsLogType.optional(),
});
export type PointsLogsQuery = z.infer<typeof PointsLogsQuery>;

export const PointsLogEntry = z.object({
  id: z.string(),
  type: PointsLogType,
  amount: z.number().int(),
  remark: z.string().nullable(),
  scene: PointsScene.nullable(),
  createdAt: z.string(),
  after: z.number().int(),
});
export type PointsLogEntry = z.infer<typeof PointsLogEntry>;

export const PointsLogsPage = z.object({
  logs: z.array(PointsLogEntry),
  pagination: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type PointsLogsPage = z.infer<typeof PointsLogsPage>;

/** What can be metered: each use of one of these costs its configured points. */
export const ConsumeScene = z.enum(['vision', 'analyze', 'recognize', 'text', 'reasoning']);
export type ConsumeScene = z.infer<typeof ConsumeScene>;

const PointsAmount = z
  .number({ error: 'errors.points_amount_invalid' })
  .int({ error: 'errors.points_amount_invalid' })
  .min(0, { error: 'errors.points_amount_invalid' })
  .max(1_000_000, { error: 'errors.points_amount_invalid' });
/** Prices are in fen (0.01 yuan), as Chinese gateways take them: integers, never floats. */
const PriceFen = z
  .number({ error: 'errors.price_invalid' })
  .int({ error: 'errors.price_invalid' })
  .min(1, { error: 'errors.price_invalid' })
  .max(10_000_000, { error: 'errors.price_invalid' });
const ItemId = z
  .string({ error: 'errors.item_id_invalid' })
  .regex(/^[a-z0-9_-]{1,32}$/, { error: 'errors.item_id_invalid' });
const ItemName = z
  .string({ error: 'errors.item_name_invalid' })
  .trim()
  .min(1, { error: 'errors.item_name_invalid' })
  .max(32, { error: 'errors.item_name_invalid' });

export const VipPlan = z.strictObject({
  id: ItemId,
  name: ItemName,
  priceFen: PriceFen,
  /** The VIP bucket is refilled to this every day while the plan is active. */
  dailyPoints: PointsAmount,
  days: z
    .number({ error: 'errors.plan_days_invalid' })
    .int({ error: 'errors.plan_days_invalid' })
    .min(1, { error: 'errors.plan_days_invalid' })
    .max(3660, { error: 'errors.plan_days_invalid' }),
});
export type VipPlan = z.infer<typeof VipPlan>;

export const RechargePackage = z.strictObject({
  id: ItemId,
  name: ItemName,
  priceFen: PriceFen,
  points: PointsAmount.min(1, { error: 'errors.points_amount_invalid' }),
});
export type RechargePackage = z.infer<typeof RechargePackage>;

const uniqueIds = (items: readonly { id: string }[]) => new Set(items.map((i) => i.id)).size === items.length;

/** The earning and spending rules; admins edit them, and every version is kept. */
export const PointsRules = z.strictObject({
  /** The free bucket is refilled (not topped up) to this on the first use or read of each day. */
  dailyFreePoints: PointsAmount,
  /** What a temporary (device) identity may spend a day before it is asked to log in. */
  deviceDailyPoints: PointsAmount,
  /** Granted once, when a phone is first verified by an SMS code. */
  verificationReward: PointsAmount,
  costs: z.strictObject({
    vision: PointsAmount,
    analyze: PointsAmount,
    recognize: PointsAmount,
    text: PointsAmount,
    reasoning: PointsAmount,
  }),
  vipPlans: z.array(VipPlan).max(10).refine(uniqueIds, { error: 'errors.item_id_duplicate' }),
  rechargePackages: z.array(RechargePackage).max(10).refine(uniqueIds, { error: 'errors.item_id_duplicate' }),
});
export type PointsRules = z.infer<typeof PointsRules>;

/**
 * The rules a fresh install starts with (docs/points.md). 200 free points a day at 1 point an
 * analysis is an analysis every 10 s for over half an hour of continuous use, every day.
 */
export const DEFAULT_POINTS_RULES: PointsRules = {
  dailyFreePoints: 200,
  deviceDailyPoints: 50,
  verificationReward: 100,
  costs: { vision: 1, analyze: 2, recognize: 1, text: 1, reasoning: 2 },
  vipPlans: [
    { id: 'monthly', name: '月度会员', priceFen: 1500, dailyPoints: 500, days: 30 },
    { id: 'yearly', name: '年度会员', priceFen: 15800, dailyPoints: 500, days: 365 },
  ],
  rechargePackages: [
    { id: 'p600', name: '600 积分', priceFen: 600, points: 600 },
    { id: 'p3000', name: '3000 积分', priceFen: 3000, points: 3000 },
    { id: 'p12800', name: '12800 积分', priceFen: 12800, points: 12800 },
  ],
};

/** What the recharge and VIP page offers. */
export const PointsCatalogue = z.object({
  dailyFreePoints: z.number().int(),
  costs: PointsRules.shape.costs,
  vipPlans: z.array(VipPlan),
  rechargePackages: z.array(RechargePackage),
});
export type PointsCatalogue = z.infer<typeof PointsCatalogue>;

export const OrderKind = z.enum(['recharge', 'vip'], { error: 'errors.order_kind_invalid' });
export type OrderKind = z.infer<typeof OrderKind>;
export const OrderStatus = z.enum(['created', 'paid', 'failed', 'expired', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const CreateOrderRequest = z.strictObject({ kind: OrderKind, itemId: ItemId });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

const OrderId = z
  .string({ error: 'errors.order_not_found' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: 'errors.order_not_found',
  });
export const OrderQuery = z.strictObject({ orderId: OrderId });
export type OrderQuery = z.infer<typeof OrderQuery>;

export const PaymentOrder = z.object({
  id: z.string(),
  kind: OrderKind,
  itemId: z.string(),
  itemName: z.string(),
  amountFen: z.number().int(),
  status: OrderStatus,
  provider: z.string(),
  /** Where the user pays: the sandbox's own checkout page, or the gateway's. */
  checkoutUrl: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof PaymentOrder>;

/** The embedded sandbox gateway's checkout: the user confirms or cancels the payment. */
export const SandboxCheckoutRequest = z.strictObject({
  orderId: OrderId,
  action: z.enum(['pay', 'cancel'], { error: 'errors.validation' }),
});
export type SandboxCheckoutRequest = z.infer<typeof SandboxCheckoutRequest>;

/** Route of the sandbox gateway's checkout page in the web app (`?orderId=`). */
export const SANDBOX_CHECKOUT_PATH = '/points/sandbox-checkout';

/** The points calls of the user app (the payment notifies are the gateways' own routes). */
export const pointsEndpoints = defineEndpoints({
  pointsDetails: { method: 'GET', path: '/api/points/details', access: 'user', data: PointsDetails },
  pointsLogs: {
    method: 'GET',
    path: '/api/points/logs',
    access: 'user',
    query: PointsLogsQuery,
    data: PointsLogsPage,
  },
  pointsCatalogue: { method: 'GET', path: '/api/points/catalogue', access: 'user', data: PointsCatalogue },
  pointsCreateOrder: {
    method: 'POST',
    path: '/api/points/orders',
    access: 'user',
    body: CreateOrderRequest,
    data: PaymentOrder,
  },
  /** The order's state; asking settles a paid order the notify has not reached yet (the user's return). */
  pointsOrder: {
    method: 'GET',
    path: '/api/points/order',
    access: 'user',
    query: OrderQuery,
    data: PaymentOrder,
  },
  sandboxCheckout: {
    method: 'POST',
    path: '/api/payments/sandbox/checkout',
    access: 'user',
    body: SandboxCheckoutRequest,
    data: PaymentOrder,
  },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    points: typeof pointsEndpoints;
  }
}
