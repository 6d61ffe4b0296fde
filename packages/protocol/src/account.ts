import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { User } from './user.ts';
import { Verbosity } from './vision.ts';
import { isWellFormedText } from './well-formed-text.ts';

/**
 * The user's own settings and data (spec §3 local preferences, and the personal-information law's
 * rights to a copy of one's data and to deletion). Kept in their own table of endpoints, like the
 * market's: the web reaches them through features/profile and features/settings.
 */

export const OPERATION_MODES = ['accessible', 'quick'] as const;
export const DEFAULT_SCENES = ['realtime', 'dialogue'] as const;
export const SPEECH_ENGINES = ['cloud', 'native', 'other'] as const;

/**
 * The operation settings a user carries between devices, under the spec's key names. Every key is
 * optional: a device only sends what the user changed, and an absent key keeps the device's default.
 */
export const UserSettings = z.strictObject(
  {
    operationMode: z.enum(OPERATION_MODES).optional(),
    defaultScene: z.enum(DEFAULT_SCENES).optional(),
    speechEngine: z.enum(SPEECH_ENGINES).optional(),
    selectedVoice: z.string().trim().min(1).max(64).refine(isWellFormedText).nullable().optional(),
    volume: z.number().min(0).max(1).optional(),
    mainCameraDeviceId: z.string().max(256).refine(isWellFormedText).nullable().optional(),
    savePhoto: z.boolean().optional(),
    vibrateOnDanger: z.boolean().optional(),
    verbosity: Verbosity.optional(),
  },
  { error: 'errors.unknown_field' },
);
export type UserSettings = z.infer<typeof UserSettings>;

/** What "download my data" returns: every kind of record the service keeps about the user. */
const Rows = z.array(z.record(z.string(), z.unknown()));
export const MyDataExport = z.object({
  exportedAt: z.string(),
  profile: User.extend({ createdAt: z.string(), avatarUrl: z.string().nullable() }),
  settings: UserSettings,
  points: z.object({
    account: z.record(z.string(), z.unknown()).nullable(),
    entries: Rows,
    orders: Rows,
  }),
  analyses: Rows,
  photos: Rows,
  calls: Rows,
  callFeedback: Rows,
  volunteer: z.record(z.string(), z.unknown()).nullable(),
  blocks: Rows,
  scenes: Rows,
  favourites: Rows,
  sceneReports: Rows,
  feedback: Rows,
  /** Third-party logins bound to the account (provider, subject, when). */
  identities: Rows,
});
export type MyDataExport = z.infer<typeof MyDataExport>;

/** The words the client sends after the user confirmed twice: a deletion is never one stray tap. */
export const DELETE_ACCOUNT_CONFIRMATION = 'delete-my-account';
export const DeleteAccountRequest = z.strictObject({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: 'errors.confirmation_required' }),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const accountEndpoints = defineEndpoints({
  mySettings: { method: 'GET', path: '/api/users/me/settings', access: 'user', data: UserSettings },
  updateMySettings: {
    method: 'PUT',
    path: '/api/users/me/settings',
    access: 'user',
    body: UserSettings,
    data: UserSettings,
  },
  exportMyData: { method: 'GET', path: '/api/users/me/export', access: 'user', data: MyDataExport },
  deleteMyAccount: {
    method: 'POST',
    path: '/api/users/me/delete',
    access: 'user',
    body: DeleteAccountRequest,
    data: z.null(),
  },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    account: typeof accountEndpoints;
  }
}
