/**
 * Analysed photos: how often they may be sent, how long their links and files live, and whether
 * they are kept in an S3-compatible bucket instead of DATA_DIR/images.
 */
import { z } from 'zod';
import { configSlice, type DocsOf, positiveInt } from './config-slice.ts';

export interface S3Config {
  bucket: string;
  /** Origin (and optional base path) of the S3 API, without the bucket. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface PhotosConfig {
  visionRateLimitPerMinute: number;
  imageUrlTtlSeconds: number;
  imageRetentionHours: number;
  /** Set when S3_BUCKET is; otherwise images live under DATA_DIR/images. */
  s3: S3Config | undefined;
}

const S3_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const PhotosEnv = z
  .object({
    VISION_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
    IMAGE_URL_TTL_SECONDS: positiveInt.default(3600),
    IMAGE_RETENTION_HOURS: z.coerce.number().positive().default(24),
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
  })
  .superRefine((e, ctx) => {
    if (!e.S3_BUCKET) return;
    for (const key of S3_KEYS.filter((k) => !e[k])) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'required when S3_BUCKET is set' });
    }
  });

export const photosConfig = configSlice({
  schema: PhotosEnv,
  docs: {
    VISION_RATE_LIMIT_PER_MINUTE: ['30', 'Image analyses per minute per user or device (429 beyond).'],
    IMAGE_URL_TTL_SECONDS: [
      '3600',
      'How long the signed `imageUrl` of an analysis answer stays valid (the owner can always fetch with identity headers).',
    ],
    IMAGE_RETENTION_HOURS: [
      '24',
      'Analysed photos (file/object and record) are deleted after this many hours, by a sweep every 10 minutes.',
    ],
    S3_BUCKET: [
      '(unset)',
      'Store analysed photos in this S3-compatible bucket instead of `DATA_DIR/images` (needs the S3_* keys).',
    ],
    S3_ENDPOINT: [
      '(AWS)',
      'S3 endpoint URL, e.g. `http://127.0.0.1:9000` for MinIO; unset → `https://s3.<S3_REGION>.amazonaws.com`.',
    ],
    S3_REGION: ['us-east-1', 'Region used in the S3 request signature (SigV4).'],
    S3_ACCESS_KEY_ID: ['(unset)', 'S3 access key id (required with S3_BUCKET).'],
    S3_SECRET_ACCESS_KEY: ['(unset)', 'S3 secret key (required with S3_BUCKET); never logged.'],
    S3_FORCE_PATH_STYLE: [
      'true',
      'Address objects as `<endpoint>/<bucket>/<key>` (MinIO and most self-hosted stores); `false` → `<bucket>.<endpoint host>`.',
    ],
  } satisfies DocsOf<typeof PhotosEnv>,
  read: (e): PhotosConfig => ({
    visionRateLimitPerMinute: e.VISION_RATE_LIMIT_PER_MINUTE,
    imageUrlTtlSeconds: e.IMAGE_URL_TTL_SECONDS,
    imageRetentionHours: e.IMAGE_RETENTION_HOURS,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
  }),
});
