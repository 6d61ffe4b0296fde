import { z } from 'zod';
import {
  defineEndpoints,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type IntersectionOf,
} from './endpoint.ts';
import {
  AdminLoginRequest,
  AdminProfile,
  AdminPasswordChangeRequest,
  AdminSession,
  AuthSession,
  LoginRequest,
  LogoutRequest,
  PasswordChangeRequest,
  PasswordResetRequest,
  RefreshTokenRequest,
  RegisterRequest,
  SmsLoginRequest,
  SmsSendRequest,
  SmsSendResponse,
  TokenPair,
  VerifyTokenRequest,
  VerifyTokenResponse,
} from './auth.ts';
import { SiteInfo } from './site.ts';
import { textLinesEndpoints } from './text-lines.ts';
import { Capabilities, RecognizeRequest, RecognizeResponse } from './speech.ts';
import { UpdateMeRequest, User } from './user.ts';
import { AndroidLatest, VersionCheckQuery, VersionCheckResult } from './version.ts';
import { AnalyzeRequest, AnalyzeResponse } from './vision.ts';

export * from './endpoint.ts';

/**
 * The core's REST calls of the user app, by name. A feature declares its own table in its protocol
 * file (`marketEndpoints` in market.ts, with defineEndpoints) and adds it to FeatureEndpoints below;
 * no file lists the features. The server registers each route from its table's object; the web app
 * calls every endpoint by name (`api.call('marketScenes', …)`), which needs no zod in its first
 * download (the build writes the names' routes into it, the schemas load with the first answer),
 * from the tables gathered.ts gathers. The back office's tables are `@sfm/protocol/admin`'s
 * and each feature's `<feature>-admin.ts`.
 */
export const endpoints = defineEndpoints({
  register: {
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    body: RegisterRequest,
    data: AuthSession,
  },
  login: { method: 'POST', path: '/api/auth/login', access: 'public', body: LoginRequest, data: AuthSession },
  smsSend: {
    method: 'POST',
    path: '/api/auth/sms/send',
    access: 'public',
    body: SmsSendRequest,
    data: SmsSendResponse,
  },
  smsLogin: {
    method: 'POST',
    path: '/api/auth/sms/login',
    access: 'public',
    body: SmsLoginRequest,
    data: AuthSession,
  },
  verifyToken: {
    method: 'POST',
    path: '/api/auth/verify-token',
    access: 'public',
    body: VerifyTokenRequest,
    data: VerifyTokenResponse,
  },
  refreshToken: {
    method: 'POST',
    path: '/api/auth/refresh-token',
    access: 'public',
    body: RefreshTokenRequest,
    data: TokenPair,
  },
  logout: { method: 'POST', path: '/api/auth/logout', access: 'public', body: LogoutRequest, data: z.null() },
  /** Ends every session of the caller's account, this one included (个人中心 → 退出所有设备). */
  logoutAll: { method: 'POST', path: '/api/auth/logout-all', access: 'user', data: z.null() },
  passwordReset: {
    method: 'POST',
    path: '/api/auth/password/reset',
    access: 'public',
    body: PasswordResetRequest,
    data: AuthSession,
  },
  /** The new session for this device: every other session of the account has ended. */
  changePassword: {
    method: 'POST',
    path: '/api/auth/password',
    access: 'user',
    body: PasswordChangeRequest,
    data: AuthSession,
  },
  me: { method: 'GET', path: '/api/users/me', access: 'user', data: User },
  updateMe: { method: 'PATCH', path: '/api/users/me', access: 'user', body: UpdateMeRequest, data: User },
  adminLogin: {
    method: 'POST',
    path: '/api/admin/auth/login',
    access: 'public',
    body: AdminLoginRequest,
    data: AdminSession,
  },
  adminMe: { method: 'GET', path: '/api/admin/me', access: 'admin_self', data: AdminProfile },
  /** A new token for this admin: every other session of the admin has ended. */
  adminChangePassword: {
    method: 'POST',
    path: '/api/admin/auth/password',
    access: 'admin_self',
    body: AdminPasswordChangeRequest,
    data: AdminSession,
  },
  /** Ends the admin's sessions: a token that leaked with a laptop stops working at once. */
  adminLogout: { method: 'POST', path: '/api/admin/auth/logout', access: 'admin_self', data: z.null() },
  /** Liveness: the process answers and its database too (test harnesses wait for it). */
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    data: z.object({ status: z.literal('ok'), db: z.enum(['embedded', 'external']) }),
  },
  /**
   * Readiness, for load balancers: 200 once the database is migrated and the engines are warm,
   * 503 (errors.server_starting / errors.server_stopping) before that and while shutting down.
   */
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    data: z.object({ status: z.literal('ready'), db: z.enum(['embedded', 'external']) }),
  },
  visionAnalyze: {
    method: 'POST',
    path: '/api/vision/analyze',
    access: 'identity',
    bearer: true,
    body: AnalyzeRequest,
    data: AnalyzeResponse,
  },
  speechRecognize: {
    method: 'POST',
    path: '/api/speech/recognize',
    access: 'identity',
    body: RecognizeRequest,
    data: RecognizeResponse,
  },
  capabilities: { method: 'GET', path: '/api/capabilities', access: 'public', data: Capabilities },
  siteInfo: { method: 'GET', path: '/api/site', access: 'public', data: SiteInfo },
  versionCheck: {
    method: 'GET',
    path: '/api/version/check',
    access: 'public',
    query: VersionCheckQuery,
    data: VersionCheckResult,
  },
  androidLatest: {
    method: 'GET',
    path: '/api/version/android/latest',
    access: 'public',
    data: AndroidLatest,
  },
  /** The newest published iOS version: its App Store address (the download page, the iOS update). */
  iosLatest: {
    method: 'GET',
    path: '/api/version/ios/latest',
    access: 'public',
    data: AndroidLatest,
  },
  // the camera's text lines (the vision module's, core like visionAnalyze)
  ...textLinesEndpoints,
});
/**
 * Each feature's table of the user app, by feature: its protocol file adds it
 * (`declare module './endpoints.ts' { interface FeatureEndpoints { market: typeof marketEndpoints } }`),
 * TypeScript's declaration merging, the way Fastify's plugins type what they add. The names
 * below then cover every feature whose file the program includes (a caller imports the file's
 * types, or `import type {} from '@sfm/protocol/<feature>'`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface FeatureEndpoints {}

/** Every endpoint of the user app by name: the core's and each feature's. */
export type Endpoints = typeof endpoints & IntersectionOf<FeatureEndpoints[keyof FeatureEndpoints]>;
export type EndpointName = keyof Endpoints;

export type BodyOf<N extends EndpointName> = EndpointBody<Endpoints[N]>;
export type QueryOf<N extends EndpointName> = EndpointQuery<Endpoints[N]>;
export type DataOf<N extends EndpointName> = EndpointData<Endpoints[N]>;
