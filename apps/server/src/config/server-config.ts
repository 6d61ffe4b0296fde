/** The HTTP server itself: where it listens, whom it trusts, what it serves and logs. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { commaList, configSlice, type DocsOf, port, positiveInt, splitList } from './config-slice.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DEFAULT_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/** The repository root, found from this file so the default web dist does not depend on the cwd. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerConfig {
  port: number;
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  corsOrigins: string[];
  /** Set: the sockets of every node share rooms through Redis. */
  redisUrl: string | undefined;
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  webDistDir: string;
  /** Shown in the home page footer when set. */
  icpFiling: string | null;
  /** The IANA zone whose calendar days the back office counts in. */
  timeZone: string;
}

/** Whether the runtime (and so PostgreSQL, which has the same IANA names) knows the zone. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** TRUST_PROXY: "true"/"false", a hop count, or a list of addresses, in the forms Fastify accepts. */
const trustProxy = z
  .string()
  .trim()
  .transform((v): boolean | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return splitList(v);
  });

const ServerEnv = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: commaList.default([]),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  TRUST_PROXY: trustProxy.default(false),
  BODY_LIMIT_BYTES: positiveInt.default(DEFAULT_BODY_LIMIT_BYTES),
  WEB_DIST_DIR: z.string().min(1).optional(),
  ICP_FILING: z.string().trim().optional(),
  TIME_ZONE: z.string().trim().refine(isTimeZone, 'not an IANA time zone (e.g. Asia/Shanghai)').optional(),
});

export const serverConfig = configSlice({
  schema: ServerEnv,
  docs: {
    PORT: ['3000', 'HTTP port the server listens on.'],
    HOST: ['0.0.0.0', 'Interface to bind; 127.0.0.1 keeps the server off the network.'],
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
    BODY_LIMIT_BYTES: [
      String(DEFAULT_BODY_LIMIT_BYTES),
      'Largest accepted request body (image uploads arrive as base64 JSON).',
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
  } satisfies DocsOf<typeof ServerEnv>,
  read: (e, { cwd }): ServerConfig => ({
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    icpFiling: e.ICP_FILING || null,
    timeZone: e.TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  }),
});
