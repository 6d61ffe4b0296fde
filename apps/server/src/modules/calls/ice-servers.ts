import { createHmac } from 'node:crypto';
import type { IceServer } from '@sfm/protocol/calls';
import type { CallsConfig } from '../../config/calls-config.ts';

/**
 * The ICE servers of one call. TURN URLs get coturn's REST credentials (`use-auth-secret`): the
 * username is the expiry time (Unix seconds) and a label, the password the base64 HMAC-SHA1 of the
 * username under the shared secret; coturn checks both without a user database, and they stop
 * working when the call's credentials expire.
 */
export function iceServersFor(config: CallsConfig, label: string, now: Date): IceServer[] {
  const stun = config.iceUrls.filter((url) => url.startsWith('stun'));
  const turn = config.iceUrls.filter((url) => url.startsWith('turn'));
  const servers: IceServer[] = stun.length > 0 ? [{ urls: stun }] : [];
  if (turn.length > 0 && config.turnSecret) {
    const expires = Math.floor(now.getTime() / 1000) + config.turnCredentialTtlSeconds;
    const username = `${expires}:${label}`;
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
    servers.push({ urls: turn, username, credential });
  } else if (turn.length > 0) {
    servers.push({ urls: turn });
  }
  return servers;
}
