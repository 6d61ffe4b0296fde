import type { ModuleContext } from '../../module-context.ts';
import { AvatarRepo } from './avatar-repo.ts';
import { AvatarService } from './avatar-service.ts';
import { registerUserPhotoRoutes } from './routes.ts';

/** Users' own photos: the avatar, and the signed URLs every user photo (feedback's too) is shown by. */
export function register(ctx: ModuleContext): void {
  const photos = ctx.userPhotos;
  const avatars = new AvatarService({ repo: new AvatarRepo(ctx.db), photos, clock: ctx.clock });
  registerUserPhotoRoutes(ctx.scope, ctx.http, avatars, photos);
}
