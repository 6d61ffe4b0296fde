/**
 * Video calls: how volunteers are rung and which ICE servers the browsers use, from environment
 * variables (parsed once by the server's config).
 */
import { z } from 'zod';
import { configSlice, positiveInt, readSlice, type DocsOf, type Env } from './config-slice.ts';

export interface CallsConfig {
  /** Volunteers rung in the first batch (a small one: most calls are answered by the first few). */
  batchSize: number;
  /** Each batch is this many times the one before (2: 2, 4, 8 …; 1: every batch the same size). */
  batchGrowth: number;
  /** No batch rings more volunteers at once than this. */
  maxBatchSize: number;
  /** Seconds a batch rings before the next batch is rung as well. */
  batchSeconds: number;
  /** Seconds volunteers are rung in all before the call goes to the operators' queue. */
  volunteerSeconds: number;
  /** Seconds a call waits in the operators' queue before the seeker is told no one answered. */
  operatorSeconds: number;
  requestsPerMinute: number;
  /**
   * Seconds a call survives a member's lost socket (a network change): the same member reconnecting
   * in that time rejoins it; after it the other member is told the call ended. 0: ended at once.
   */
  reconnectGraceSeconds: number;
  /** STUN and TURN URLs handed to the browsers (none: host candidates only, fine on one network). */
  iceUrls: string[];
  /** coturn's `static-auth-secret` (use-auth-secret): time-limited TURN credentials are minted from it. */
  turnSecret: string | undefined;
  turnCredentialTtlSeconds: number;
  /** Web Push keys; unset: generated once into DATA_DIR/vapid-keys.json. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The contact push services are given (mailto: or https:). */
  vapidSubject: string;
  /** Where rings may be posted (modules/calls/push-services.ts): hosts (https), or exact origins. */
  pushServices: string[];
}

/** The browsers' own push services (Chrome, Firefox, Safari, Edge): what PUSH_SERVICES allows by default. */
export const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const CallsEnv = z.object({
  CALL_BATCH_SIZE: positiveInt.max(100).default(2),
  CALL_BATCH_GROWTH: z.coerce.number().min(1).max(10).default(2),
  CALL_BATCH_MAX_SIZE: positiveInt.max(100).default(32),
  CALL_BATCH_SECONDS: positiveInt.default(15),
  CALL_VOLUNTEER_SECONDS: positiveInt.default(60),
  CALL_OPERATOR_SECONDS: positiveInt.default(120),
  CALL_RATE_LIMIT_PER_MINUTE: positiveInt.default(6),
  CALL_RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(20),
  ICE_SERVERS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^(stun|stuns|turn|turns):/, 'each URL starts with stun:, turns: or turn:')),
    ),
  TURN_SECRET: z.string().min(16, 'TURN_SECRET must be at least 16 characters').optional(),
  TURN_CREDENTIAL_TTL_SECONDS: positiveInt.default(3600),
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:)/, 'VAPID_SUBJECT is a mailto: or https: address')
    .default('mailto:admin@localhost'),
  PUSH_SERVICES: z
    .string()
    .trim()
    .default(BROWSER_PUSH_SERVICES.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});

/** The configuration table's rows of these variables (kept typed: the defaults' test reads them). */
export const CALLS_CONFIG_DOCS = {
  CALL_BATCH_SIZE: [
    '2',
    'Volunteers rung in the first batch of a call (those asked longest ago first, none in their quiet hours or pausing).',
  ],
  CALL_BATCH_GROWTH: [
    '2',
    'Each next batch rings this many times as many volunteers as the one before (2 → 2, 4, 8, 16 …; 1 → batches of one size), up to CALL_BATCH_MAX_SIZE.',
  ],
  CALL_BATCH_MAX_SIZE: ['32', 'The most volunteers one batch rings at once.'],
  CALL_BATCH_SECONDS: [
    '15',
    'Seconds a batch of volunteers rings before the next, larger batch is rung too.',
  ],
  CALL_VOLUNTEER_SECONDS: [
    '60',
    "Seconds volunteers are rung in all before the call goes to the operators' queue (/bme_admin/system-calls).",
  ],
  CALL_OPERATOR_SECONDS: [
    '120',
    "Seconds a call waits in the operators' queue before the seeker hears that no volunteer answered.",
  ],
  CALL_RATE_LIMIT_PER_MINUTE: ['6', 'Video call requests per minute per user.'],
  CALL_RECONNECT_GRACE_SECONDS: [
    '20',
    'Seconds a call waits for a member whose page went away without hanging up (a reload, a network change, a closed tab): the other member is told at once, a page back in that time rejoins the call (on any node), after it both are told it ended. Only a hang-up ends a call at once. 0 → no grace.',
  ],
  ICE_SERVERS: [
    '(unset)',
    'Comma-separated STUN/TURN URLs for video calls (e.g. `stun:turn.example.com:3478,turn:turn.example.com:3478?transport=udp`); unset → direct connections only.',
  ],
  TURN_SECRET: [
    '(unset)',
    "coturn's `static-auth-secret` (`use-auth-secret`): each call gets a time-limited TURN username and password made from it; never logged.",
  ],
  TURN_CREDENTIAL_TTL_SECONDS: ['3600', 'How long the TURN credentials of a call stay valid.'],
  VAPID_PUBLIC_KEY: [
    '(generated)',
    'Web Push public key (base64url) with which volunteers off the page are rung; unset → a key pair generated once into `DATA_DIR/vapid-keys.json` (mode 0600). Set the same pair on every node when scaling out.',
  ],
  VAPID_PRIVATE_KEY: [
    '(generated)',
    'Web Push private key (base64url), set with VAPID_PUBLIC_KEY; never logged.',
  ],
  VAPID_SUBJECT: [
    'mailto:admin@localhost',
    'The contact (mailto: or https:) that push services are given; set your own.',
  ],
  PUSH_SERVICES: [
    BROWSER_PUSH_SERVICES.join(','),
    'Where volunteer rings may be posted: push-service hosts (https, the host or a subdomain; addresses inside your network are refused) or exact origins such as `http://push-relay.internal` (any port, no address check). A subscription elsewhere is refused.',
  ],
} as const satisfies DocsOf<typeof CallsEnv>;

/** Throws an Error for settings that contradict each other. */
function readCallsConfig(e: z.output<typeof CallsEnv>): CallsConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together');
  }
  if (e.CALL_VOLUNTEER_SECONDS < e.CALL_BATCH_SECONDS) {
    throw new Error('CALL_VOLUNTEER_SECONDS must be at least CALL_BATCH_SECONDS');
  }
  if (e.CALL_BATCH_MAX_SIZE < e.CALL_BATCH_SIZE) {
    throw new Error('CALL_BATCH_MAX_SIZE must be at least CALL_BATCH_SIZE');
  }
  return {
    batchSize: e.CALL_BATCH_SIZE,
    batchGrowth: e.CALL_BATCH_GROWTH,
    maxBatchSize: e.CALL_BATCH_MAX_SIZE,
    batchSeconds: e.CALL_BATCH_SECONDS,
    volunteerSeconds: e.CALL_VOLUNTEER_SECONDS,
    operatorSeconds: e.CALL_OPERATOR_SECONDS,
    requestsPerMinute: e.CALL_RATE_LIMIT_PER_MINUTE,
    reconnectGraceSeconds: e.CALL_RECONNECT_GRACE_SECONDS,
    iceUrls: e.ICE_SERVERS,
    turnSecret: e.TURN_SECRET,
    turnCredentialTtlSeconds: e.TURN_CREDENTIAL_TTL_SECONDS,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    pushServices: e.PUSH_SERVICES,
  };
}

/** The calls module's slice (modules/calls/module.ts brings it): `config.calls`. */
export const callsConfig = configSlice({ schema: CallsEnv, docs: CALLS_CONFIG_DOCS, read: readCallsConfig });

declare module '../config.ts' {
  interface ModuleConfigs {
    /** Video calls: ringing, ICE servers and Web Push (modules/calls). */
    calls: CallsConfig;
  }
}

/** The calls config nothing is set for (tests start from it). */
export const defaultCallsConfig = (): CallsConfig => readSlice(callsConfig, {});

/** The calls config alone, or an "Invalid configuration" error listing every problem. */
export const callsConfigOrThrow = (env: Env): CallsConfig => readSlice(callsConfig, env);
