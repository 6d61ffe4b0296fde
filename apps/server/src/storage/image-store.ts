/**
 * Where analysed photos are kept: one interface, a local folder by default and an S3-compatible
 * bucket when configured (create-image-store.ts picks one). Keys are chosen by the server (never by a client), but are checked anyway
 * so a key can never climb out of the folder or the bucket.
 */

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

export interface ImageStore {
  /** Human-readable kind for the start-up log ("local", "s3"). */
  readonly kind: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when it does not exist. */
  get(key: string): Promise<StoredImage | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws on anything but plain relative segments (no "..", no leading "/", no odd characters). */
export function assertSafeKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..') || key.length > 512) {
    throw new Error('invalid storage key');
  }
}
