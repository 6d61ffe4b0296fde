import { z } from 'zod';
import { Day } from './admin-days.ts';
import { Id, pageOf, pageQuery, Timestamp } from './admin-schema-parts.ts';

/** The audit log: one row for every change an admin makes, and its filters. */

/**
 * Every change an admin can make. Each is one audit row; a feature that adds an admin change adds
 * its action here (and its label in the web's admin i18n).
 */
export const AuditAction = z.enum(
  [
    'user.ban',
    'user.unban',
    'user.set_role',
    'user.reset_nickname',
    'admin.create',
    'admin.disable',
    'admin.enable',
    'admin.reset_password',
    'admin.change_password',
    'version.create',
    'version.update',
    'version.upload_apk',
    'version.publish',
    'version.unpublish',
    'scene.approve',
    'scene.reject',
    'scene.unpublish',
    'points.config_update',
    'points.gift',
    'call.handle_report',
    'feedback.reply',
    'product.create',
    'product.update',
    'product.delete',
  ],
  { error: 'errors.audit_action_invalid' },
);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditTargetType = z.enum(
  ['user', 'admin', 'version', 'scene', 'points_config', 'feedback', 'product'],
  {
    error: 'errors.audit_target_invalid',
  },
);
export type AuditTargetType = z.infer<typeof AuditTargetType>;

export const AuditQuery = z.strictObject({
  ...pageQuery,
  action: AuditAction.optional(),
  adminId: Id('errors.admin_not_found').optional(),
  targetType: AuditTargetType.optional(),
  targetId: z.string().trim().max(64, { error: 'errors.search_too_long' }).optional(),
  from: Day.optional(),
  to: Day.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** The target before or after the change, as JSON text (null: it did not exist, or nothing to show). */
const Snapshot = z.string().nullable();

export const AuditEntry = z.object({
  id: z.string(),
  at: Timestamp,
  adminId: z.string(),
  adminUsername: z.string(),
  action: AuditAction,
  targetType: AuditTargetType,
  targetId: z.string(),
  /** What the target was called when the change was made (a masked phone, an admin's name). */
  targetLabel: z.string(),
  before: Snapshot,
  after: Snapshot,
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

/** The admins an audit filter can pick from (any admin may read the log, not only super-admins). */
export const AuditAdmins = z.object({ items: z.array(z.object({ id: z.string(), username: z.string() })) });
export type AuditAdmins = z.infer<typeof AuditAdmins>;
