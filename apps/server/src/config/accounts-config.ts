/** Signing in: tokens and their lifetimes, SMS codes, and how hard logins and new devices are limited. */
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@sfm/protocol';
import { z } from 'zod';
import { configSlice, type DocsOf, positiveInt } from './config-slice.ts';

export interface AccountsConfig {
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  adminTokenTtlSeconds: number;
  smsSender: 'log';
  loginRateLimitPerMinute: number;
  /** Logged-out devices a day per client IP and per network (security/device-allowance.ts). */
  devicesPerDay: { address: number; network: number };
}

const AccountsEnv = z.object({
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(ACCESS_TOKEN_TTL_SECONDS),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(REFRESH_TOKEN_TTL_SECONDS),
  ADMIN_TOKEN_TTL_SECONDS: positiveInt.default(8 * 3600),
  SMS_SENDER: z.enum(['log']).default('log'),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
  DEVICES_PER_ADDRESS_PER_DAY: positiveInt.default(20),
  DEVICES_PER_NETWORK_PER_DAY: positiveInt.default(100),
});

export const accountsConfig = configSlice({
  schema: AccountsEnv,
  docs: {
    JWT_SECRET: [
      '(generated)',
      'HMAC secret for access tokens (≥ 32 chars); unset → generated once into `DATA_DIR/jwt-secret` (mode 0600). Set the same value on every node when scaling out.',
    ],
    ACCESS_TOKEN_TTL_SECONDS: [String(ACCESS_TOKEN_TTL_SECONDS), 'Lifetime of a user access token (JWT).'],
    REFRESH_TOKEN_TTL_SECONDS: [
      String(REFRESH_TOKEN_TTL_SECONDS),
      'Lifetime of a refresh token (each rotation starts a new one).',
    ],
    ADMIN_TOKEN_TTL_SECONDS: ['28800', 'Lifetime of an admin token (8 h).'],
    SMS_SENDER: [
      'log',
      'SMS gateway; `log` writes the code to the server log (masked phone, plain code: the dev login secret).',
    ],
    LOGIN_RATE_LIMIT_PER_MINUTE: [
      '10',
      'Login, register, SMS and admin-login attempts per minute, per client IP and per phone/username.',
    ],
    DEVICES_PER_ADDRESS_PER_DAY: [
      '20',
      'Logged-out devices (made-up device ids get a free allowance each) that one client IP may bring to photo analysis and speech recognition in a day; a further one is asked to log in.',
    ],
    DEVICES_PER_NETWORK_PER_DAY: [
      '100',
      'The same for a whole network (IPv4 /24, IPv6 /48), so rotating addresses within it gains nothing.',
    ],
    // Not the server's: cli/admin-create.ts reads it itself, while the server is stopped.
    ADMIN_PASSWORD: [
      '(unset)',
      'Read only by `npm run admin:create -- <username>`: the password to set; unset → asked twice on the terminal.',
    ],
  } satisfies DocsOf<typeof AccountsEnv> & { ADMIN_PASSWORD: readonly [string, string] },
  read: (e): AccountsConfig => ({
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    adminTokenTtlSeconds: e.ADMIN_TOKEN_TTL_SECONDS,
    smsSender: e.SMS_SENDER,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    devicesPerDay: { address: e.DEVICES_PER_ADDRESS_PER_DAY, network: e.DEVICES_PER_NETWORK_PER_DAY },
  }),
});
