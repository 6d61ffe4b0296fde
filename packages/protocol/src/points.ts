import { z } from 'zod';

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
