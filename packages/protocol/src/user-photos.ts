import { z } from 'zod';
import { base64Field } from './base64.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * Photos users give us besides the analysed ones: their avatar and a feedback screenshot. The client
 * downsizes each (one helper, these sizes) before sending; the server checks and re-encodes it anyway.
 */

export interface PhotoSize {
  /** Longest side in pixels. */
  readonly maxSide: number;
  /** JPEG quality, 0..1. */
  readonly quality: number;
  /** Cropped to the centred square first (an avatar is shown in a circle). */
  readonly square?: boolean;
}

export const AVATAR_PHOTO: PhotoSize = { maxSide: 256, quality: 0.85, square: true };
export const FEEDBACK_PHOTO: PhotoSize = { maxSide: 1280, quality: 0.8 };

/** Decoded cap: far above what the downsized JPEGs weigh, far below the analysis photo's 8 MB. */
export const USER_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const MAX_BASE64_CHARS = Math.ceil((USER_PHOTO_MAX_BYTES * 4) / 3) + 4;

/** A JPEG, PNG or WebP as base64 without the data: prefix. */
export const UserPhotoData = base64Field('errors.image_invalid', {
  maxChars: MAX_BASE64_CHARS,
  tooLarge: 'errors.image_too_large',
});

/**
 * Where a stored user photo is served (binary): `?exp=<unix s>&sig=…` signs it for a short time, so
 * an <img> can load it without identity headers.
 */
export const USER_PHOTO_PATH = '/api/user-photos/:owner/:id';

export const Avatar = z.object({ url: z.string().nullable() });
export type Avatar = z.infer<typeof Avatar>;

export const SetAvatarRequest = z.strictObject({ image: UserPhotoData }, { error: 'errors.unknown_field' });
export type SetAvatarRequest = z.infer<typeof SetAvatarRequest>;

export const avatarEndpoints = defineEndpoints({
  myAvatar: { method: 'GET', path: '/api/users/me/avatar', access: 'user', data: Avatar },
  setMyAvatar: {
    method: 'PUT',
    path: '/api/users/me/avatar',
    access: 'user',
    body: SetAvatarRequest,
    data: Avatar,
  },
  removeMyAvatar: { method: 'DELETE', path: '/api/users/me/avatar', access: 'user', data: Avatar },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    userPhotos: typeof avatarEndpoints;
  }
}
