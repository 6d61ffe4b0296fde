import { z } from 'zod';
import { Nickname, Password, Phone, User } from './user.ts';

export const LoginRequest = z.strictObject({
  phone: Phone,
  password: z.string().min(1, { error: 'errors.password_required' }).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const AuthSession = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: User,
});
export type AuthSession = z.infer<typeof AuthSession>;

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;

export const SmsSendRequest = z.strictObject({ phone: Phone });
export type SmsSendRequest = z.infer<typeof SmsSendRequest>;
export const SmsSendResponse = z.object({
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type SmsSendResponse = z.infer<typeof SmsSendResponse>;

export const SmsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: 'errors.sms_code_format' });

export const SmsLoginRequest = z.strictObject({ phone: Phone, code: SmsCode });
export type SmsLoginRequest = z.infer<typeof SmsLoginRequest>;

/**
 * Registration proves the phone first (a code sent by /api/auth/sms/send): an account can never be
 * made in advance for someone else's phone. A phone that already has an account gets the same
 * answer (the code proved the caller owns it): its password is replaced and its other sessions end.
 */
export const RegisterRequest = z.strictObject({
  phone: Phone,
  code: SmsCode,
  password: Password,
  nickname: Nickname.optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** A forgotten password: the phone is proven by a code, the new password set, every other session ended. */
export const PasswordResetRequest = z.strictObject({ phone: Phone, code: SmsCode, newPassword: Password });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/**
 * A logged-in user's new password, proven by the current password or by a code sent to the
 * account's phone (an account made by SMS login has no password to give). Every other session ends.
 */
export const PasswordChangeRequest = z
  .strictObject({
    currentPassword: z.string().min(1, { error: 'errors.password_required' }).max(128).optional(),
    code: SmsCode.optional(),
    newPassword: Password,
  })
  .refine((r) => r.currentPassword !== undefined || r.code !== undefined, {
    error: 'errors.password_proof_required',
    path: ['currentPassword'],
  })
  .refine((r) => r.newPassword !== r.currentPassword, {
    error: 'errors.password_unchanged',
    path: ['newPassword'],
  });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const VerifyTokenRequest = z.strictObject({ token: z.string().min(1).max(4096) });
export const VerifyTokenResponse = z.object({ valid: z.boolean() });
export type VerifyTokenResponse = z.infer<typeof VerifyTokenResponse>;

export const RefreshTokenRequest = z.strictObject({
  refreshToken: z.string().min(1, { error: 'errors.refresh_token_required' }).max(4096),
});
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequest>;
export const TokenPair = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const LogoutRequest = RefreshTokenRequest;
export type LogoutRequest = RefreshTokenRequest;

export const AdminLoginRequest = z.strictObject({
  username: z.string().trim().min(1, { error: 'errors.username_required' }).max(64),
  password: z.string().min(1, { error: 'errors.password_required' }).max(128),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequest>;
export const AdminSession = z.object({ token: z.string() });

export const AdminPasswordChangeRequest = z
  .strictObject({
    currentPassword: z.string().min(1, { error: 'errors.password_required' }).max(128),
    newPassword: Password,
  })
  .refine((r) => r.newPassword !== r.currentPassword, {
    error: 'errors.password_unchanged',
    path: ['newPassword'],
  });
export type AdminPasswordChangeRequest = z.infer<typeof AdminPasswordChangeRequest>;
export type AdminSession = z.infer<typeof AdminSession>;
/** super_admin: everything; operator: everything except the admins themselves. */
export const AdminRole = z.enum(['super_admin', 'operator'], { error: 'errors.admin_role_invalid' });
export type AdminRole = z.infer<typeof AdminRole>;
export const AdminProfile = z.object({
  id: z.string(),
  username: z.string(),
  role: AdminRole,
  /** A password another admin made: nothing but changing it is open until then. */
  mustChangePassword: z.boolean(),
});
export type AdminProfile = z.infer<typeof AdminProfile>;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
