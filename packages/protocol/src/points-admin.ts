import { z } from 'zod';
import { UUID } from './ids.ts';
import { Day, DateRangeQuery } from './admin-days.ts';
import { ModerationReason } from './admin-users.ts';
import { defineEndpoints } from './endpoint.ts';
import { OrderKind, PointsDetails, PointsLogEntry, PointsRules } from './points.ts';

/** The back office's part of the points economy (issue 11), exported by `@sfm/protocol/admin`. */

const UserId = z.string({ error: 'errors.user_not_found' }).regex(UUID, { error: 'errors.user_not_found' });

/** The current rules, which version they are, and who saved them (null: the built-in defaults). */
export const AdminPointsConfig = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
  rules: PointsRules,
});
export type AdminPointsConfig = z.infer<typeof AdminPointsConfig>;

export const AdminUserPointsQuery = z.strictObject({ userId: UserId });
export type AdminUserPointsQuery = z.infer<typeof AdminUserPointsQuery>;

/**
 * A refunded order whose points had been spent already, so could not all be taken back: what the
 * operators settle with the user (or write off). `points` is what was left to take.
 */
export const RefundShortfall = z.object({
  orderId: z.string(),
  kind: OrderKind,
  amountFen: z.number().int().min(0),
  paidAt: z.string().nullable(),
  points: z.number().int().min(1),
});
export type RefundShortfall = z.infer<typeof RefundShortfall>;

/** A user's balance, latest entries and refund shortfalls, for the users drawer. */
export const AdminUserPoints = z.object({
  details: PointsDetails,
  entries: z.array(PointsLogEntry),
  refundShortfalls: z.array(RefundShortfall),
});
export type AdminUserPoints = z.infer<typeof AdminUserPoints>;

/** Points an admin gives (positive) or takes back (negative), always with a reason. */
export const AdminGiftRequest = z.strictObject({
  userId: UserId,
  amount: z
    .number({ error: 'errors.gift_amount_invalid' })
    .int({ error: 'errors.gift_amount_invalid' })
    .min(-100_000, { error: 'errors.gift_amount_invalid' })
    .max(100_000, { error: 'errors.gift_amount_invalid' })
    .refine((n) => n !== 0, { error: 'errors.gift_amount_invalid' }),
  reason: ModerationReason,
});
export type AdminGiftRequest = z.infer<typeof AdminGiftRequest>;

const Count = z.number().int().min(0);
/** Points granted (free, VIP, rewards, gifts), consumed and recharged per day, oldest first, zero-filled. */
export const DashboardPoints = z.object({
  from: Day,
  to: Day,
  days: z.array(z.object({ day: Day, granted: Count, consumed: Count, recharged: Count })),
});
export type DashboardPoints = z.infer<typeof DashboardPoints>;

export const pointsAdminEndpoints = defineEndpoints({
  pointsConfig: { method: 'GET', path: '/api/admin/points/config', access: 'admin', data: AdminPointsConfig },
  updatePointsConfig: {
    method: 'PUT',
    path: '/api/admin/points/config',
    access: 'admin',
    body: PointsRules,
    data: AdminPointsConfig,
  },
  userPoints: {
    method: 'GET',
    path: '/api/admin/points/user',
    access: 'admin',
    query: AdminUserPointsQuery,
    data: AdminUserPoints,
  },
  giftPoints: {
    method: 'POST',
    path: '/api/admin/points/gift',
    access: 'admin',
    body: AdminGiftRequest,
    data: AdminUserPoints,
  },
  dashboardPoints: {
    method: 'GET',
    path: '/api/admin/dashboard/points',
    access: 'admin',
    query: DateRangeQuery,
    data: DashboardPoints,
  },
});

declare module './admin-endpoints.ts' {
  interface FeatureAdminEndpoints {
    points: typeof pointsAdminEndpoints;
  }
}
