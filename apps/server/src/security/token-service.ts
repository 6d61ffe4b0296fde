import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';

export type TokenAudience = 'user' | 'admin';

const ISSUER = 'see-for-me';

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

  async sign(audience: TokenAudience, subject: string): Promise<string> {
    const now = Math.floor(this.options.clock().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + this.options.ttlSeconds[audience])
      .sign(this.options.secret);
  }

  /** The subject of a valid, unexpired token for that audience; null for anything else. */
  async verify(audience: TokenAudience, token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.options.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        currentDate: this.options.clock(),
      });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
