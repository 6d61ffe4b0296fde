/*
 * The protocol's plain part: constants and helpers with no zod in them, each re-exported where it
 * belongs (identity.ts, endpoint.ts, user.ts, speech.ts, version.ts, vision.ts, market.ts). The
 * web app's first page needs only these, so its first download carries neither zod nor a schema;
 * what needs a schema loads later.
 */

/** Identity headers of spec §6 (HTTP header names are case-insensitive; these are the wire spellings). */
export const IdentityHeader = {
  token: 'token',
  userType: 'userType',
  deviceId: 'deviceId',
  authorization: 'Authorization',
} as const;

/** A device id: uuid-ish + suffix, or device_{time}_{random}; anything printable up to 128 chars. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Who may call an endpoint:
 * - public: anyone;
 * - identity: a registered user or a temporary device (deviceId header);
 * - user: a registered user's access token;
 * - admin: an admin token (a different audience: never a user token), any admin role;
 * - super_admin: an admin token of a super-admin (the admins' own management);
 * - admin_self: an admin token, also of an admin who must still replace a temporary password
 *   (their own profile and the password change: nothing else is open to them until then).
 */
export type Access = 'public' | 'identity' | 'user' | 'admin' | 'super_admin' | 'admin_self';

/** Whether an access level is one of the back office's (the admin token, never the user's). */
export const isAdminAccess = (access: Access): access is 'admin' | 'super_admin' | 'admin_self' =>
  access === 'admin' || access === 'super_admin' || access === 'admin_self';

export const SPEECH_RATE_MIN = 0.5;
export const SPEECH_RATE_MAX = 3;
export const SPEECH_RATE_DEFAULT = 1;

export const SPEECH_SYNTHESIS_NAMESPACE = '/speech-synthesis';
export const SPEECH_RECOGNITION_NAMESPACE = '/speech';
export const SOCKET_HEARTBEAT_MS = 30_000;

/** Built-in fallbacks of spec §9. */
export const DEFAULT_VERSION = { name: '1.0.0', code: 1 } as const;
export const FALLBACK_BUILD_NUMBER = 100;

/**
 * The release-note markdown file the download page renders (spec §7), written from the published
 * versions; 404 while none is published.
 */
export const RELEASE_NOTES_PATH = '/api/version/release-notes.md';

/** The compression presets' names, which vision.ts's CompressionPreset schema accepts. */
export const COMPRESSION_PRESET_NAMES = ['high', 'standard', 'lite'] as const;

/**
 * Spec §9 compression presets: the longest side in px and the JPEG quality (0..1). The web
 * captures with them and the server prepares photos for its engines with them.
 */
export const COMPRESSION_PRESETS: Readonly<
  Record<(typeof COMPRESSION_PRESET_NAMES)[number], { readonly maxSide: number; readonly quality: number }>
> = {
  high: { maxSide: 1920, quality: 0.8 },
  standard: { maxSide: 1120, quality: 0.8 },
  lite: { maxSide: 140, quality: 0.8 },
};

/**
 * The analysis a scene asks for: its prompt goes to the vision engine as the question (scenario
 * `question`), whatever the camera behaviour; a spoken question of a `voice` scene follows it.
 */
export function scenePrompt(prompt: string, spokenQuestion?: string): string {
  const question = spokenQuestion?.trim();
  return question ? `${prompt}\n用户的问题：${question}` : prompt;
}

/** The reply error that means the audio could not be decoded (spec §5). */
export const DECODE_ERROR = 'DECODE_ERROR';
