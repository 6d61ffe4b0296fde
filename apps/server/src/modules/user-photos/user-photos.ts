import { USER_PHOTO_PATH, type PhotoSize } from '@sfm/protocol/user-photos';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import { isUuid } from '../../db/database.ts';
import type { OpenedPhoto, UserPhotos } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import { ImageUrlSigner, type ImageOwner } from '../../storage/image-url.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { acceptUploadedImage } from '../../storage/uploaded-image.ts';

export interface UserPhotoStoreDeps {
  store: ImageStore;
  /** The server secret the URL signatures' key derives from. */
  secret: Uint8Array;
  clock: Clock;
  logger: Logger;
  urlTtlSeconds: number;
}

/** `user-photos/<owner id>/<photo id>.jpg`: the owner in the key lets a URL be checked without a query. */
const KEY = /^user-photos\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.jpg$/;
const keyOf = (ownerId: string, photoId: string) => `user-photos/${ownerId}/${photoId}.jpg`;
const ownerOf = (ownerId: string): ImageOwner => ({ kind: 'user', id: ownerId });
const notFound = () => new AppError(404, 'errors.image_not_found');

/**
 * ctx.userPhotos: the photos users give us besides the analysed ones (an avatar, a feedback
 * screenshot), kept in the analysed photos' image store (DATA_DIR or S3). The rows that point at
 * them decide who sees one; this class only keeps, signs, opens and discards the objects. The app
 * builds the one instance, so every module signs and opens the same URLs.
 */
export class UserPhotoStore implements UserPhotos {
  private readonly signer: ImageUrlSigner;

  constructor(private readonly deps: UserPhotoStoreDeps) {
    this.signer = new ImageUrlSigner(deps.secret, 'user-photo-url');
  }

  /** Checks and stores a photo of `ownerId` at `size`; returns its storage key. A refusal names `field`. */
  async save(ownerId: string, base64: string, size: PhotoSize, field: string): Promise<string> {
    const { jpeg } = await acceptUploadedImage(base64, size, field);
    const key = keyOf(ownerId, randomUUID());
    await this.deps.store.put(key, jpeg, 'image/jpeg');
    return key;
  }

  /** A URL that shows the photo for the configured time (IMAGE_URL_TTL_SECONDS). */
  url(key: string): string {
    const [, ownerId = '', photoId = ''] = KEY.exec(key) ?? [];
    const exp = this.nowSeconds() + this.deps.urlTtlSeconds;
    const path = USER_PHOTO_PATH.replace(':owner', ownerId).replace(':id', photoId);
    return `${path}?${this.signer.query(photoId, ownerOf(ownerId), exp)}`;
  }

  /** The photo behind a signed URL; 404 alike for a wrong, expired or discarded one. */
  async open(ownerId: string, photoId: string, exp: unknown, sig: unknown): Promise<OpenedPhoto> {
    const now = this.nowSeconds();
    if (!isUuid(ownerId) || !isUuid(photoId)) throw notFound();
    if (!this.signer.verify(photoId, ownerOf(ownerId), exp, sig, now)) throw notFound();
    const image = await this.deps.store.get(keyOf(ownerId, photoId));
    if (!image) throw notFound();
    return { ...image, maxAgeSeconds: Math.max(0, Number(exp) - now) };
  }

  /**
   * Deletes photos no row points at any more. A failure is logged, never shown: the row is already
   * gone or changed, so no URL can be signed for the object again.
   */
  async discard(keys: readonly (string | null)[]): Promise<void> {
    const present = keys.filter((key): key is string => key !== null);
    const outcomes = await Promise.allSettled(present.map((key) => this.deps.store.delete(key)));
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'rejected')
        this.deps.logger.error({ storageKey: present[i] }, 'deleting a user photo failed');
    });
  }

  private nowSeconds(): number {
    return Math.floor(this.deps.clock().getTime() / 1000);
  }
}
