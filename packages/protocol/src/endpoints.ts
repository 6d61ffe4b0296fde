import { z } from 'zod';
import { accountEndpoints } from './account.ts';
import { chatEndpoints } from './chat.ts';
import { defineEndpoints, type EndpointBody, type EndpointData, type EndpointQuery } from './endpoint.ts';
import { feedbackEndpoints } from './feedback.ts';
import { marketEndpoints } from './market.ts';
import { socialLoginEndpoints } from './social-login.ts';
import { avatarEndpoints } from './user-photos.ts';
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
import {
  CreateOrderRequest,
  OrderQuery,
  PaymentOrder,
  PointsCatalogue,
  PointsDetails,
  PointsLogsPage,
  PointsLogsQuery,
  SandboxCheckoutRequest,
} from './points.ts';
import { SiteInfo } from './site.ts';
import { Capabilities, RecognizeRequest, RecognizeResponse } from './speech.ts';
import { UpdateMeRequest, User } from './user.ts';
import { AndroidLatest, VersionCheckQuery, VersionCheckResult } from './version.ts';
import { AnalyzeRequest, AnalyzeResponse } from './vision.ts';
import {
  CallFeedbackRequest,
  CallHistory,
  CallWarnings,
  PushKey,
  PushSubscribeRequest,
  PushUnsubscribeRequest,
} from './calls.ts';

export * from './endpoint.ts';

/**
 * Every REST call of the user app, by name: the core's, declared here, and each feature's own
 * table, declared in its protocol file with defineEndpoints and listed at the end (one line a
 * feature). The server registers its routes from these objects; the web app calls them by name
 * (`api.call('marketScenes', …)`), which needs no zod in its first download (the build writes the
 * names' routes into it, the schemas load with the first answer). The back office's tables are
 * `@sfm/protocol/admin`'s.
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
  callHistory: { method: 'GET', path: '/api/calls/history', access: 'user', data: CallHistory },
  callFeedback: {
    method: 'POST',
    path: '/api/calls/feedback',
    access: 'user',
    body: CallFeedbackRequest,
    data: z.null(),
  },
  callWarnings: { method: 'GET', path: '/api/calls/warnings', access: 'user', data: CallWarnings },
  callPushKey: { method: 'GET', path: '/api/calls/push/key', access: 'user', data: PushKey },
  callPushSubscribe: {
    method: 'POST',
    path: '/api/calls/push/subscribe',
    access: 'user',
    body: PushSubscribeRequest,
    data: z.null(),
  },
  callPushUnsubscribe: {
    method: 'POST',
    path: '/api/calls/push/unsubscribe',
    access: 'user',
    body: PushUnsubscribeRequest,
    data: z.null(),
  },
  ...accountEndpoints,
  ...avatarEndpoints,
  ...chatEndpoints,
  ...feedbackEndpoints,
  ...marketEndpoints,
  ...socialLoginEndpoints,
});
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export type BodyOf<N extends EndpointName> = EndpointBody<Endpoints[N]>;
export type QueryOf<N extends EndpointName> = EndpointQuery<Endpoints[N]>;
export type DataOf<N extends EndpointName> = EndpointData<Endpoints[N]>;
