import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@sfm/protocol';
import { z } from 'zod';
import { positiveInt } from './config/config-slice.ts';
import {
  DEFAULT_DASHSCOPE_BASE_URL,
  DEFAULT_VISION_MODEL,
  visionConfigFromEnv,
  type VisionConfig,
} from './config/vision-config.ts';
import { speechConfigOrThrow, type SpeechConfig } from './config/speech-config.ts';
import {
  chatConfigOrProblems,
  DEFAULT_CHAT_MODEL,
  DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_CHAT_TIMEOUT_SECONDS,
  DEFAULT_DASHSCOPE_CHAT_VISION_MODEL,
  type ChatConfig,
} from './config/chat-config.ts';
import { CALLS_CONFIG_DOCS, callsConfigOrThrow, type CallsConfig } from './config/calls-config.ts';
import {
  SOCIAL_LOGIN_CONFIG_DOCS,
  socialLoginConfigOrThrow,
  type SocialLoginConfig,
} from './config/social-login-config.ts';
import {
  PAYMENTS_CONFIG_DOCS,
  paymentsConfigOrThrow,
  type PaymentsConfig,
} from './config/payments-config.ts';

/** An APK of the app is tens of megabytes; 200 MB leaves room for one with the embedded models. */
const APK_MAX_BYTES_DEFAULT = 200 * 1024 * 1024;

/** The repository root, found from this file so the default web dist does not depend on the cwd. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** One line per env var, for the README's configuration table. Keys are the env var names. */
export const CONFIG_DOCS = {
  PORT: ['3000', 'HTTP port the server listens on.'],
  HOST: ['0.0.0.0', 'Interface to bind; 127.0.0.1 keeps the server off the network.'],
  NODE_ENV: [
    'development',
    '`production` turns off response-shape validation (kept on in dev and tests) and refuses to start with development stand-ins (the sandbox payment gateway, the log SMS sender) unless `ALLOW_DEVELOPMENT_DEFAULTS` names them.',
  ],
  ALLOW_DEVELOPMENT_DEFAULTS: [
    '(unset)',
    'With `NODE_ENV=production`, the development stand-ins allowed anyway, comma-separated: `sandbox-payments` (anyone can pay for points without paying), `log-sms` (codes go to the log, not to phones). For a staging server, never for real users.',
  ],
  DATA_DIR: [
    './data',
    'Where local state lives (embedded PostgreSQL in `pg/`, `jwt-secret`); relative to the cwd.',
  ],
  DATABASE_URL: [
    '(unset)',
    'External PostgreSQL URL; unset starts the embedded PostgreSQL in `DATA_DIR/pg`.',
  ],
  DATABASE_MIGRATION_URL: [
    '(unset)',
    "With `DATABASE_URL`: the tables' owner, used only to migrate and to grant `DATABASE_URL`'s role what it may do (only adding to the audit log and points ledger). Unset, `DATABASE_URL` migrates too (and a warning says it owns the tables).",
  ],
  EMBEDDED_PG_PORT: [
    '0',
    'Port of the embedded PostgreSQL (127.0.0.1 only; the server itself uses its socket in `DATA_DIR/pg`); 0 picks a free port at each start.',
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
  REDIS_URL: [
    '(unset)',
    'Redis URL (e.g. `redis://127.0.0.1:6379`) for the socket.io Redis adapter: set it on every node when scaling out, so that call ringing and signalling reach sockets on other nodes.',
  ],
  TRUST_PROXY: [
    'false',
    'Trust X-Forwarded-* (true, a hop count, or comma-separated IPs/CIDRs) when behind a reverse proxy; client IPs drive rate limits.',
  ],
  DEVICES_PER_ADDRESS_PER_DAY: [
    '20',
    'Logged-out devices (made-up device ids get a free allowance each) that one client IP may bring to photo analysis and speech recognition in a day; a further one is asked to log in.',
  ],
  DEVICES_PER_NETWORK_PER_DAY: [
    '100',
    'The same for a whole network (IPv4 /24, IPv6 /48), so rotating addresses within it gains nothing.',
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
  ICP_FILING: [
    '(unset)',
    'ICP filing number of a site hosted in mainland China (e.g. `京ICP备12345678号-1`), linked to beian.miit.gov.cn in the home page footer; unset → no footer link.',
  ],
  TIME_ZONE: [
    '(system)',
    "IANA time zone (e.g. `Asia/Shanghai`) in which the back office counts days; unset → the server's own (TZ).",
  ],
  LOGIN_RATE_LIMIT_PER_MINUTE: [
    '10',
    'Login, register, SMS and admin-login attempts per minute, per client IP and per phone/username.',
  ],
  VISION_ENGINE: [
    '(auto)',
    'Image analysis engine: `embedded` (offline OCR + object detection), `dashscope` or `openai-compatible`; unset → dashscope if DASHSCOPE_API_KEY is set, else openai-compatible if OPENAI_BASE_URL is set, else embedded.',
  ],
  DASHSCOPE_API_KEY: [
    '(unset)',
    'API key of Alibaba DashScope (Qwen-VL) for the `dashscope` engine; never logged.',
  ],
  DASHSCOPE_BASE_URL: [DEFAULT_DASHSCOPE_BASE_URL, 'OpenAI-compatible base URL of DashScope.'],
  VISION_MODEL: [DEFAULT_VISION_MODEL, 'Model name sent to the `dashscope` or `openai-compatible` engine.'],
  OPENAI_BASE_URL: [
    '(unset)',
    'Base URL of an OpenAI-compatible vision API (Ollama, vLLM, llama.cpp) for the `openai-compatible` engine.',
  ],
  OPENAI_API_KEY: ['(unset)', 'Bearer key for OPENAI_BASE_URL, when that server needs one; never logged.'],
  VISION_RATE_LIMIT_PER_MINUTE: ['30', 'Image analyses per minute per user or device (429 beyond).'],
  IMAGE_URL_TTL_SECONDS: [
    '3600',
    'How long the signed `imageUrl` of an analysis answer stays valid (the owner can always fetch with identity headers).',
  ],
  IMAGE_RETENTION_HOURS: [
    '24',
    'Analysed photos (file/object and record) are deleted after this many hours, by a sweep every 10 minutes.',
  ],
  APK_MAX_BYTES: [
    String(APK_MAX_BYTES_DEFAULT),
    'Largest APK an admin may upload on the versions page (kept in the image store: `DATA_DIR/images/apks` or S3).',
  ],
  ANDROID_DOWNLOAD_URL: [
    '(unset)',
    "Where the Android app is downloaded before any version is published on the versions page: `/download` then offers it as version 1.0.0 (build 1), the spec's defaults. Unset, the page says no Android version is out yet.",
  ],
  IOS_APP_STORE_URL: [
    '(unset)',
    "The app's App Store page before any iOS version is published. Unset, `/download` says the iOS app is not on the App Store yet.",
  ],
  S3_BUCKET: [
    '(unset)',
    'Store analysed photos in this S3-compatible bucket instead of `DATA_DIR/images` (needs the S3_* keys).',
  ],
  S3_ENDPOINT: [
    '(AWS)',
    'S3 endpoint URL, e.g. `http://127.0.0.1:9000` for MinIO; unset → `https://s3.<S3_REGION>.amazonaws.com`.',
  ],
  S3_REGION: ['us-east-1', 'Region used in the S3 request signature (SigV4).'],
  S3_ACCESS_KEY_ID: ['(unset)', 'S3 access key id (required with S3_BUCKET).'],
  S3_SECRET_ACCESS_KEY: ['(unset)', 'S3 secret key (required with S3_BUCKET); never logged.'],
  S3_FORCE_PATH_STYLE: [
    'true',
    'Address objects as `<endpoint>/<bucket>/<key>` (MinIO and most self-hosted stores); `false` → `<bucket>.<endpoint host>`.',
  ],
  ADMIN_PASSWORD: [
    '(unset)',
    'Read only by `npm run admin:create -- <username>`: the password to set; unset → asked twice on the terminal.',
  ],
  TTS_ENGINE: [
    '(auto)',
    'Speech synthesis: `embedded` (offline espeak-ng, voice cmn) or `dashscope` (CosyVoice); unset → dashscope if DASHSCOPE_API_KEY is set, else embedded.',
  ],
  TTS_MODEL: ['cosyvoice-v2', 'CosyVoice model of the `dashscope` speech synthesis.'],
  TTS_VOICE: ['longxiaochun_v2', 'Default CosyVoice voice (a client may ask for another).'],
  TTS_WORKERS: [
    '(CPU count)',
    'Worker threads of the embedded speech synthesis, each with its own espeak-ng (at most 8 by default).',
  ],
  TTS_RATE_LIMIT_PER_MINUTE: [
    '120',
    'Texts per minute each user or device may have spoken on /speech-synthesis.',
  ],
  ASR_ENGINE: [
    '(auto)',
    'Speech recognition: `dashscope` (Paraformer realtime), `openai-compatible` (Whisper-style server) or `none`; unset → dashscope with DASHSCOPE_API_KEY, else openai-compatible with OPENAI_ASR_BASE_URL/OPENAI_BASE_URL, else none (the server says recognition is unavailable).',
  ],
  ASR_MODEL: [
    '(per engine)',
    'Recognition model: `paraformer-realtime-v2` for dashscope, `whisper-1` for openai-compatible.',
  ],
  OPENAI_ASR_BASE_URL: [
    '(OPENAI_BASE_URL)',
    'Base URL of an OpenAI-compatible `/audio/transcriptions` server, when not the vision server.',
  ],
  ASR_RATE_LIMIT_PER_MINUTE: [
    '30',
    'Recognitions (uploads and realtime starts) per minute per user or device.',
  ],
  DASHSCOPE_WS_URL: [
    'wss://dashscope.aliyuncs.com/api-ws/v1/inference/',
    'DashScope speech websocket (CosyVoice, Paraformer); the international endpoint or a test server.',
  ],
  CHAT_ENGINE: [
    '(auto)',
    'AI chat model: `dashscope` (Qwen), `openai-compatible` (Ollama, vLLM, llama.cpp server) or `none`; unset → dashscope with DASHSCOPE_API_KEY, else openai-compatible with OPENAI_BASE_URL, else none (the chat says no model is configured; photos are still described).',
  ],
  CHAT_MODEL: [DEFAULT_CHAT_MODEL, 'Chat model name sent to the chat engine.'],
  CHAT_VISION_MODEL: [
    `(${DEFAULT_DASHSCOPE_CHAT_VISION_MODEL} on dashscope)`,
    'Model for chat questions with a photo; unset on openai-compatible → the vision engine describes the photo and the chat model gets that description.',
  ],
  CHAT_TIMEOUT_SECONDS: [
    String(DEFAULT_CHAT_TIMEOUT_SECONDS),
    "Longest wait for the chat model's next piece of text (the first one included) before the answer fails with a timeout.",
  ],
  CHAT_RATE_LIMIT_PER_MINUTE: [
    String(DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE),
    'Chat questions per minute per user.',
  ],
  ...CALLS_CONFIG_DOCS,
  ...PAYMENTS_CONFIG_DOCS,
  ...SOCIAL_LOGIN_CONFIG_DOCS,
} as const satisfies Record<string, readonly [string, string]>;

/** Whether the runtime (and so PostgreSQL, which has the same IANA names) knows the zone. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const port = z.coerce.number().int().min(0).max(65535);

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
  ALLOW_DEVELOPMENT_DEFAULTS: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_MIGRATION_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: port.default(0),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(ACCESS_TOKEN_TTL_SECONDS),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(REFRESH_TOKEN_TTL_SECONDS),
  ADMIN_TOKEN_TTL_SECONDS: positiveInt.default(8 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  TRUST_PROXY: trustProxy.default(false),
  BODY_LIMIT_BYTES: positiveInt.default(12 * 1024 * 1024),
  DEVICES_PER_ADDRESS_PER_DAY: positiveInt.default(20),
  DEVICES_PER_NETWORK_PER_DAY: positiveInt.default(100),
  SMS_SENDER: z.enum(['log']).default('log'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  ICP_FILING: z.string().trim().optional(),
  TIME_ZONE: z.string().trim().refine(isTimeZone, 'not an IANA time zone (e.g. Asia/Shanghai)').optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
  VISION_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  IMAGE_URL_TTL_SECONDS: positiveInt.default(3600),
  IMAGE_RETENTION_HOURS: z.coerce.number().positive().default(24),
  APK_MAX_BYTES: positiveInt.default(APK_MAX_BYTES_DEFAULT),
  ANDROID_DOWNLOAD_URL: z.url({ protocol: /^https?$/ }).optional(),
  IOS_APP_STORE_URL: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export interface S3Config {
  bucket: string;
  /** Origin (and optional base path) of the S3 API, without the bucket. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The tables' owner for migrations, when the server's own role (databaseUrl) is another. */
  databaseMigrationUrl: string | undefined;
  embeddedPgPort: number;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  adminTokenTtlSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  corsOrigins: string[];
  /** Set: the sockets of every node share rooms through Redis. */
  redisUrl: string | undefined;
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  smsSender: 'log';
  webDistDir: string;
  /** Shown in the home page footer when set. */
  icpFiling: string | null;
  /** The IANA zone whose calendar days the back office counts in. */
  timeZone: string;
  loginRateLimitPerMinute: number;
  /** Logged-out devices a day per client IP and per network (security/device-allowance.ts). */
  devicesPerDay: { address: number; network: number };
  vision: VisionConfig;
  visionRateLimitPerMinute: number;
  imageUrlTtlSeconds: number;
  imageRetentionHours: number;
  /** The largest APK upload (the versions page). */
  apkMaxBytes: number;
  /** Where each app is downloaded before a version of it is published (spec §7 defaults). */
  defaultDownloads: { android: string | undefined; ios: string | undefined };
  /** Set when S3_BUCKET is; otherwise images live under DATA_DIR/images. */
  s3: S3Config | undefined;
  speech: SpeechConfig;
  calls: CallsConfig;
  /** Which gateway takes the money for recharges and VIP plans. */
  payments: PaymentsConfig;
  chat: ChatConfig;
  /** Third-party login (OpenID Connect); its `oidc` is null when not configured. */
  socialLogin: SocialLoginConfig;
}

/** Problems of the S3 settings, as "path: message" lines like the schema's. */
function s3Problems(e: z.infer<typeof EnvSchema>): string[] {
  if (!e.S3_BUCKET) return [];
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  return missing.map((k) => `  ${k}: required when S3_BUCKET is set`);
}

/** A migration owner means nothing without the server's own role beside it. */
function databaseProblems(e: z.infer<typeof EnvSchema>): string[] {
  return e.DATABASE_MIGRATION_URL && !e.DATABASE_URL
    ? ['  DATABASE_MIGRATION_URL: needs DATABASE_URL (the embedded PostgreSQL sets up its own roles)']
    : [];
}

/** The development stand-ins a production server refuses unless ALLOW_DEVELOPMENT_DEFAULTS names them. */
const DEVELOPMENT_DEFAULTS = {
  'sandbox-payments': (env: Record<string, string | undefined>) =>
    (env.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox'
      ? 'the sandbox payment gateway lets anyone "pay" for points for free: set PAYMENT_PROVIDER=alipay'
      : null,
  'log-sms': (env: Record<string, string | undefined>) =>
    (env.SMS_SENDER ?? 'log') === 'log'
      ? 'the log SMS sender writes login codes to the server log instead of sending them'
      : null,
} as const;

/** One line per development stand-in a production server would run with and was not told to allow. */
function productionProblems(e: z.infer<typeof EnvSchema>, env: Record<string, string | undefined>): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const allowed = new Set((e.ALLOW_DEVELOPMENT_DEFAULTS ?? '').split(',').map((a) => a.trim()));
  return Object.entries(DEVELOPMENT_DEFAULTS).flatMap(([name, problem]) => {
    const found = allowed.has(name) ? null : problem(env);
    return found
      ? [`  NODE_ENV=production: ${found} (or ALLOW_DEVELOPMENT_DEFAULTS=${name} to run it anyway)`]
      : [];
  });
}

/** The vision engine's own variables, parsed by the engine's module; a bad value is a config problem. */
function parseVision(env: Record<string, string | undefined>): VisionConfig | string[] {
  try {
    return visionConfigFromEnv(env);
  } catch (err) {
    if (err instanceof z.ZodError) return err.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    return [`  ${(err as Error).message}`];
  }
}

/** Reads the environment once; a bad value stops the start with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty variable means "not set", as it does in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  const vision = parseVision(present);
  const chat = chatConfigOrProblems(present);
  const problems = [
    ...(parsed.success
      ? [
          ...s3Problems(parsed.data),
          ...databaseProblems(parsed.data),
          ...productionProblems(parsed.data, present),
        ]
      : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
    ...(Array.isArray(vision) ? vision : []),
    ...(Array.isArray(chat) ? chat : []),
  ];
  if (!parsed.success || Array.isArray(vision) || Array.isArray(chat) || problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    production: e.NODE_ENV === 'production',
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
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
    redisUrl: e.REDIS_URL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    smsSender: e.SMS_SENDER,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    icpFiling: e.ICP_FILING || null,
    timeZone: e.TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    devicesPerDay: { address: e.DEVICES_PER_ADDRESS_PER_DAY, network: e.DEVICES_PER_NETWORK_PER_DAY },
    vision,
    speech: speechConfigOrThrow(present),
    calls: callsConfigOrThrow(present),
    payments: paymentsConfigOrThrow(present),
    socialLogin: socialLoginConfigOrThrow(present),
    chat,
    visionRateLimitPerMinute: e.VISION_RATE_LIMIT_PER_MINUTE,
    imageUrlTtlSeconds: e.IMAGE_URL_TTL_SECONDS,
    imageRetentionHours: e.IMAGE_RETENTION_HOURS,
    apkMaxBytes: e.APK_MAX_BYTES,
    defaultDownloads: { android: e.ANDROID_DOWNLOAD_URL, ios: e.IOS_APP_STORE_URL },
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
  };
}
