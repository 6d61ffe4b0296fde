import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@sfm/protocol';
import type { CallPushPayload } from '@sfm/protocol/calls';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { mayPostTo } from './push-services.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured VAPID keys, or a pair generated once into DATA_DIR/vapid-keys.json (0600), as the
 * JWT secret is: subscriptions made against the public key keep working across restarts.
 */
export async function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    await mkdir(dataDir, { recursive: true });
    try {
      await writeFile(file, JSON.stringify(webpush.generateVAPIDKeys()) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // another process created it first: use theirs
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  await chmod(file, 0o600);
  return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The language of the app that subscribed: what the notification says is written in it. */
  locale: Locale;
}

/** How long a push service may keep a ring for a phone that is off: a ring is over in a minute. */
const RING_TTL_SECONDS = 60;

/**
 * Sends Web Push messages (RFC 8291 aes128gcm payload, RFC 8292 VAPID) with fetch: web-push builds
 * the encrypted request, fetch sends it to whatever the browser's push service is.
 */
export class WebPushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly logger: Logger,
    /** Where rings may go (PUSH_SERVICES): anything else is never posted to, and its subscription dropped. */
    private readonly services: readonly string[],
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** 'gone' when the push service says the subscription no longer exists (drop it). */
  async send(target: PushTarget, payload: CallPushPayload): Promise<'sent' | 'gone' | 'failed'> {
    if (!(await mayPostTo(target.endpoint, this.services))) {
      this.logger.warn('a push subscription outside the push services (or inside this network): dropped');
      return 'gone';
    }
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.subject, ...this.keys },
        TTL: RING_TTL_SECONDS,
        urgency: 'high',
        topic: payload.callId.replaceAll('-', '').slice(0, 32),
      },
    );
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 404 || res.status === 410) return 'gone';
      if (!res.ok) {
        this.logger.warn({ status: res.status }, 'push service refused a ring');
        return 'failed';
      }
      return 'sent';
    } catch (err) {
      this.logger.warn({ err }, 'push service unreachable');
      return 'failed';
    }
  }
}
