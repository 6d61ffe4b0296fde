import { AVATAR_PHOTO, type Avatar } from '@sfm/protocol/user-photos';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import type { AvatarRepo } from './avatar-repo.ts';
import type { UserPhotos } from '../../module-context.ts';

const noAccount = () => new AppError(401, 'errors.token_invalid');

/** The user's avatar: one photo at a time; a new one or "remove" deletes the old file. */
export class AvatarService {
  constructor(private readonly deps: { repo: AvatarRepo; photos: UserPhotos; clock: Clock }) {}

  async mine(userId: string): Promise<Avatar> {
    const key = await this.deps.repo.find(userId);
    return { url: key ? this.deps.photos.url(key) : null };
  }

  async set(userId: string, image: string): Promise<Avatar> {
    const { repo, photos, clock } = this.deps;
    const key = await photos.save(userId, image, AVATAR_PHOTO, 'image');
    const previous = await repo.replace(userId, key, clock()).catch(async (err: unknown) => {
      await photos.discard([key]);
      throw err;
    });
    if (previous === undefined) {
      await photos.discard([key]);
      throw noAccount();
    }
    await photos.discard([previous]);
    return { url: photos.url(key) };
  }

  async remove(userId: string): Promise<Avatar> {
    const previous = await this.deps.repo.replace(userId, null, this.deps.clock());
    if (previous === undefined) throw noAccount();
    await this.deps.photos.discard([previous]);
    return { url: null };
  }
}
