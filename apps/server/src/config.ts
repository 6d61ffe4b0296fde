import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@sfm/protocol';
import { z } from 'zod';

/** The repository root, found from this file so the default web dist does not depend on the cwd. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** One line per env var, for the README's configuration table. Keys are the env var names. */
export const CONFIG_DOCS = {
  PORT: ['3000', 'HTTP port the server listens on.'],
  HOST: ['0.0.0.0', 'Interface to bind; 127.0.0.1 keeps the server off the network.'],
  NODE_ENV: ['development', '`production` turns off response-shape validation (kept on in dev and tests).'],
  DATA_DIR: [
    './data',
    'Where local state lives (embedded PostgreSQL in `pg/`, `jwt-secret`); relative to the cwd.',
  ],
  DATABASE_URL: [
    '(unset)',
    'External PostgreSQL URL; unset starts the embedded PostgreSQL in `DATA_DIR/pg`.',
  ],
  EMBEDDED_PG_PORT: [
    '0',
    'Port of the embedded PostgreSQL (127.0.0.1 only); 0 picks a free port at each start.',
  ],
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
  LOG_LEVEL: ['info', 'pino level: fatal, error, warn, info, debug, trace or silent.'],
  CORS_ORIGINS: [
    '(unset)',
    'Comma-separated origins allowed cross-origin (e.g. a Capacitor app); unset → same origin only, no CORS headers.',
  ],
  TRUST_PROXY: [
    'false',
    'Trust X-Forwarded-* (true, a hop count, or comma-separated IPs/CIDRs) when behind a reverse proxy; client IPs drive rate limits.',
  ],
  BODY_LIMIT_BYTES: [
    String(12 * 1024 * 1024),
    'Largest accepted request body (image uploads arrive as base64 JSON).',
  ],
  SMS_SENDER: [
    'log',
    'SMS gateway; `log` writes the code to the server log (masked phone, plain code: the dev login secret).',
  ],
  WEB_DIST_DIR: [
    'apps/web/dist',
    'Built web app to serve (default resolved from the repo root, not the cwd).',
  ],
  LOGIN_RATE_LIMIT_PER_MINUTE: [
    '10',
    'Login, register, SMS and admin-login attempts per minute, per client IP and per phone/username.',
  ],
  ADMIN_PASSWORD: [
    '(unset)',
    'Read only by `npm run admin:create -- <username>`: the password to set; unset → asked twice on the terminal.',
  ],
} as const satisfies Record<string, readonly [string, string]>;

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

/** TRUST_PROXY: "true"/"false", a hop count, or a list of addresses, in the forms Fastify accepts. */
const trustProxy = z
  .string()
  .trim()
  .transform((v): boolean | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.string().default('development'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: port.default(0),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(ACCESS_TOKEN_TTL_SECONDS),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(REFRESH_TOKEN_TTL_SECONDS),
  ADMIN_TOKEN_TTL_SECONDS: positiveInt.default(8 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  BODY_LIMIT_BYTES: positiveInt.default(12 * 1024 * 1024),
  SMS_SENDER: z.enum(['log']).default('log'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
});

export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  adminTokenTtlSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  corsOrigins: string[];
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  smsSender: 'log';
  webDistDir: string;
  loginRateLimitPerMinute: number;
}

/** Reads the environment once; a bad value stops the start with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty variable means "not set", as it does in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    production: e.NODE_ENV === 'production',
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    adminTokenTtlSeconds: e.ADMIN_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    smsSender: e.SMS_SENDER,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
  };
}
