/**
 * Short-lived capability URLs for stored photos, so an <img> can load one without identity headers:
 * `<the photo's path>?exp=<unix s>&sig=<HMAC-SHA256(id, owner, exp)>`, keyed by a key derived from
 * the JWT secret (so every node that shares JWT_SECRET accepts every other node's URLs). Shared by
 * the analysed photos (modules/vision) and the photos users give (modules/user-photos).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ImageOwner {
  kind: 'user' | 'device';
  id: string;
}

export class ImageUrlSigner {
  private readonly key: Buffer;

  /** `purpose` keeps each kind of URL's signatures apart (a vision URL's never opens a user photo). */
  constructor(jwtSecret: Uint8Array, purpose: string) {
    this.key = createHmac('sha256', jwtSecret).update(purpose).digest();
  }

  private mac(imageId: string, owner: ImageOwner, exp: number): Buffer {
    return createHmac('sha256', this.key).update(`${imageId}\n${owner.kind}:${owner.id}\n${exp}`).digest();
  }

  /** `exp=…&sig=…`: the signature part of a URL, valid until `exp` (unix seconds). */
  query(imageId: string, owner: ImageOwner, exp: number): string {
    return `exp=${exp}&sig=${this.mac(imageId, owner, exp).toString('base64url')}`;
  }

  /** True when `sig` was made by `query` for this image, owner and expiry and `exp` has not passed. */
  verify(imageId: string, owner: ImageOwner, exp: unknown, sig: unknown, nowSeconds: number): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    const expiry = Number(exp);
    if (expiry < nowSeconds) return false;
    const given = Buffer.from(sig, 'base64url');
    const expected = this.mac(imageId, owner, expiry);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
