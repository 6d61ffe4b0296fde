import { VISION_IMAGE_PATH } from '@sfm/protocol';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import type { ImageOwner, ImageUrlSigner } from '../../storage/image-url.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { failureForLog } from './failure-log.ts';
import type { VisionImagesRepo } from './repo.ts';

export interface AnalysedPhotosDeps {
  store: ImageStore;
  repo: VisionImagesRepo;
  signer: ImageUrlSigner;
  clock: Clock;
  logger: Logger;
  urlTtlSeconds: number;
  retentionHours: number;
}

/** A photo stored for its analysis's answer: its row, its object, and when its signed URL ends. */
export interface KeptPhoto {
  id: string;
  storageKey: string;
  exp: number;
}

export interface ImageAccess {
  /** The caller's identity when the headers carried a valid one. */
  caller: ImageOwner | null;
  exp?: unknown;
  sig?: unknown;
}

export interface ServedImage {
  bytes: Buffer;
  contentType: string;
  /** Seconds a private cache may keep it: never past the URL's expiry or the photo's deletion. */
  maxAgeSeconds: number;
}

const notFound = () => new AppError(404, 'errors.image_not_found');
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The analysed photos kept for the chat history: stored beside their analysis, removed again when
 * the analysis ends without an answer, and served back to their owner alone (by identity headers or
 * a signed URL) until the retention time deletes them.
 */
export class AnalysedPhotos {
  constructor(private readonly deps: AnalysedPhotosDeps) {}

  /**
   * Stores the photo (object, then row). Nothing is left behind when a step fails. A storage
   * failure does not cost the user the answer they wait for: it is logged, and null means the
   * answer goes out with an empty imageUrl.
   */
  async keep(owner: ImageOwner, jpeg: Buffer, scenario: string): Promise<KeptPhoto | null> {
    const { store, repo, clock, logger } = this.deps;
    const now = clock();
    const id = randomUUID();
    const storageKey = `vision/${day(now)}/${id}.jpg`;
    try {
      await store.put(storageKey, jpeg, 'image/jpeg');
    } catch (err) {
      logger.error({ store: store.kind, err: failureForLog(err) }, 'storing the analysed image failed');
      return null;
    }
    try {
      await repo.insert({
        id,
        ownerKind: owner.kind,
        ownerId: owner.id,
        storageKey,
        contentType: 'image/jpeg',
        byteSize: jpeg.length,
        scenario,
        createdAt: now,
      });
    } catch (err) {
      logger.error({ err: failureForLog(err) }, 'recording the analysed image failed');
      await this.forget({ id: null, storageKey });
      return null;
    }
    return { id, storageKey, exp: Math.floor(now.getTime() / 1000) + this.deps.urlTtlSeconds };
  }

  /** Best-effort removal of a photo that must not stay (row first: without it nobody can reach the object). */
  async forget(photo: { id: string | null; storageKey: string } | null): Promise<void> {
    if (!photo) return;
    const { repo, store, logger } = this.deps;
    try {
      if (photo.id) await repo.deleteById(photo.id);
      await store.delete(photo.storageKey);
    } catch (err) {
      logger.error(
        { storageKey: photo.storageKey, err: failureForLog(err) },
        'removing an unwanted image failed',
      );
    }
  }

  /** The relative URL that shows a kept photo to anyone holding it until the photo's `exp`. */
  url(photo: KeptPhoto, owner: ImageOwner): string {
    return `${VISION_IMAGE_PATH.replace(':id', photo.id)}?${this.deps.signer.query(photo.id, owner, photo.exp)}`;
  }

  /** The photo for its owner (identity headers or a valid signed URL); anyone else gets a 404. */
  async serve(id: string, access: ImageAccess): Promise<ServedImage> {
    const { repo, store, signer, clock, retentionHours, logger } = this.deps;
    const row = await repo.findById(id);
    if (!row) throw notFound();
    const nowMs = clock().getTime();
    const nowSeconds = Math.floor(nowMs / 1000);
    const deletedAt = row.createdAt.getTime() + retentionHours * 3600_000;
    if (deletedAt <= nowMs) throw notFound();
    const owner: ImageOwner = { kind: row.ownerKind as ImageOwner['kind'], id: row.ownerId };
    const byHeaders = access.caller?.kind === owner.kind && access.caller.id === owner.id;
    const bySignature = !byHeaders && signer.verify(id, owner, access.exp, access.sig, nowSeconds);
    if (!byHeaders && !bySignature) throw notFound();
    let stored;
    try {
      stored = await store.get(row.storageKey);
    } catch (err) {
      logger.error({ store: store.kind, err: failureForLog(err) }, 'reading a stored image failed');
      throw new AppError(500, 'errors.internal');
    }
    if (!stored) throw notFound();
    const untilDeleted = Math.floor((deletedAt - nowMs) / 1000);
    const maxAgeSeconds = bySignature
      ? Math.min(untilDeleted, Number(access.exp) - nowSeconds)
      : untilDeleted;
    return { bytes: stored.bytes, contentType: row.contentType, maxAgeSeconds: Math.max(0, maxAgeSeconds) };
  }
}
