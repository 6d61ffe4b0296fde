import { avatarEndpoints as e, USER_PHOTO_PATH } from '@sfm/protocol/user-photos';
import type { FastifyInstance } from 'fastify';
import type { Router } from '../../http/router.ts';
import type { AvatarService } from './avatar-service.ts';
import type { UserPhotos } from '../../module-context.ts';

/** A person changes their picture now and then; this stops a script from filling the store. */
const AVATAR_UPLOADS_PER_MINUTE = 10;

export function registerUserPhotoRoutes(
  app: FastifyInstance,
  router: Router,
  avatars: AvatarService,
  photos: UserPhotos,
): void {
  router.route(e.myAvatar, ({ identity }) => avatars.mine(identity.userId));
  router.route(e.setMyAvatar, ({ identity, body }) => avatars.set(identity.userId, body.image), {
    rateLimits: [
      { bucket: 'avatar-upload', limit: AVATAR_UPLOADS_PER_MINUTE, key: (r) => r.identity.userId },
    ],
  });
  router.route(e.removeMyAvatar, ({ identity }) => avatars.remove(identity.userId));

  // Binary, not an envelope: the signed URLs of avatars and feedback photos point here.
  app.get<{ Params: { owner: string; id: string }; Querystring: Record<string, unknown> }>(
    USER_PHOTO_PATH,
    async (request, reply) => {
      const { owner, id } = request.params;
      const photo = await photos.open(owner, id, request.query.exp, request.query.sig);
      return (
        reply
          .header('content-type', photo.contentType)
          .header('cache-control', `private, max-age=${photo.maxAgeSeconds}`)
          .header('x-content-type-options', 'nosniff')
          // the URL itself is the credential; the native app's web view (another origin) shows it too
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(photo.bytes)
      );
    },
  );
}
