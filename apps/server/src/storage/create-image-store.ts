import path from 'node:path';
import type { Config } from '../config.ts';
import type { ImageStore } from './image-store.ts';
import { LocalImageStore } from './local-image-store.ts';
import { S3ImageStore } from './s3-image-store.ts';

/** S3-compatible storage when S3_BUCKET is set, else a folder under DATA_DIR. */
export function createImageStore(config: Pick<Config, 's3' | 'dataDir'>): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3) : new LocalImageStore(path.join(config.dataDir, 'images'));
}
