import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';

export type TokenAudience = 'user' | 'admin';

const ISSUER = 'see-for-me';

/**
 * A valid token's subject, and the account's session generation it was issued in: ending every
 * session of an account (logout, password change, a replayed refresh token) counts the account's
 * generation up, and tokens of an older one are refused. A counter, not a time: a token issued
 * in the same millisecond as the revocation is still told apart, on any clock.
 */
export interface VerifiedToken {
  subject: string;
  generation: number;
}

export interface TokenServiceOptions {
  secret: Uint8Array;
  clock: Clock;
  ttlSeconds: Record<TokenAudience, number>;
}

/**
 * Signs and checks access tokens (HS256). The audience separates user and admin tokens: a token
 * is only ever accepted for the audience it was issued to.
 */
export class TokenService {
  constructor(private readonly options: TokenServiceOptions) {}

  async sign(audience: TokenAudience, subject: string, generation: number): Promise<string> {
    const now = Math.floor(this.options.clock().getTime() / 1000);
    return new SignJWT({ gen: generation })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + this.options.ttlSeconds[audience])
      .sign(this.options.secret);
  }

  /** The subject of a valid, unexpired token for that audience; null for anything else. */
  async verify(audience: TokenAudience, token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.options.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        currentDate: this.options.clock(),
      });
      if (typeof payload.sub !== 'string') return null;
      // tokens from before generations existed belong to the first one
      const generation = Number.isSafeInteger(payload.gen) ? (payload.gen as number) : 0;
      return { subject: payload.sub, generation };
    } catch {
      return null;
    }
  }
}
