import { z } from 'zod';
import { pageQuery } from './admin-schema-parts.ts';
import { ModerationReason } from './admin-users.ts';
import { defineEndpoints } from './endpoint.ts';
import { MarketScene, SceneId, SceneStatus } from './market.ts';
import { AnalyzeRequest } from './vision.ts';

/** The back office's review queue of market scenes (`/bme_admin/scenes`). */

export const AdminScenesQuery = z.strictObject({
  /** Default: the queue, the versions waiting for a decision. */
  status: SceneStatus.default('pending'),
  q: z.string().trim().max(30, { error: 'errors.search_too_long' }).optional(),
  ...pageQuery,
});
export type AdminScenesQuery = z.input<typeof AdminScenesQuery>;

/** A scene's latest version as the reviewer sees it, with what users reported about it. */
export const AdminScene = MarketScene.omit({ mine: true, favourite: true }).extend({
  /** The author's masked phone (null: an official scene). */
  authorPhone: z.string().nullable(),
  reports: z.number().int(),
  /** The newest reports' reasons, newest first. */
  reportReasons: z.array(z.string()),
});
export type AdminScene = z.infer<typeof AdminScene>;

export const AdminScenesPage = z.object({
  items: z.array(AdminScene),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminScenesPage = z.infer<typeof AdminScenesPage>;

export const AdminSceneIdRequest = z.strictObject({ id: SceneId });
export type AdminSceneIdRequest = z.infer<typeof AdminSceneIdRequest>;
export const AdminSceneRejectRequest = z.strictObject({ id: SceneId, reason: ModerationReason });
export type AdminSceneRejectRequest = z.infer<typeof AdminSceneRejectRequest>;

/** A test run of the scene's latest prompt on a sample photo, before deciding (not metered). */
export const AdminSceneTestRequest = z.strictObject({ id: SceneId, image: AnalyzeRequest.shape.image });
export type AdminSceneTestRequest = z.infer<typeof AdminSceneTestRequest>;
export const AdminSceneTestResult = z.object({ description: z.string() });
export type AdminSceneTestResult = z.infer<typeof AdminSceneTestResult>;

export const sceneAdminEndpoints = defineEndpoints({
  adminScenes: {
    method: 'GET',
    path: '/api/admin/scenes',
    access: 'admin',
    query: AdminScenesQuery,
    data: AdminScenesPage,
  },
  approveScene: {
    method: 'POST',
    path: '/api/admin/scenes/approve',
    access: 'admin',
    body: AdminSceneIdRequest,
    data: AdminScene,
  },
  rejectScene: {
    method: 'POST',
    path: '/api/admin/scenes/reject',
    access: 'admin',
    body: AdminSceneRejectRequest,
    data: AdminScene,
  },
  unpublishScene: {
    method: 'POST',
    path: '/api/admin/scenes/unpublish',
    access: 'admin',
    body: AdminSceneRejectRequest,
    data: AdminScene,
  },
  testScene: {
    method: 'POST',
    path: '/api/admin/scenes/test',
    access: 'admin',
    body: AdminSceneTestRequest,
    data: AdminSceneTestResult,
  },
});

declare module './admin-endpoints.ts' {
  interface FeatureAdminEndpoints {
    market: typeof sceneAdminEndpoints;
  }
}
