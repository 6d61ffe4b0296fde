import type { Endpoint } from '@sfm/protocol';
import type { RateLimitRule, RouteRequest } from './router.ts';

/**
 * Credential guessing is throttled twice: per client IP (one attacker, many accounts) and per
 * account (many IPs, one account). Counters are shared through the database across nodes.
 */
export function credentialLimits<E extends Endpoint>(
  bucket: string,
  perMinute: number,
  account: (request: RouteRequest<E>) => string,
): RateLimitRule<E>[] {
  return [
    { bucket: `${bucket}:ip`, limit: perMinute, key: (r) => r.ip },
    { bucket: `${bucket}:account`, limit: perMinute, key: account },
  ];
}
