import { MyDataExport, type UserSettings } from '@sfm/protocol/account';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { PersonalDataSource } from '../../module-context.ts';
import type { Registry } from '../../registry.ts';
import type { Clock } from '../../security/clock.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import type { UserPhotos } from '../../module-context.ts';
import { toUser } from '../../db/user-row.ts';
import { collectAll, eraseAll } from './personal-data.ts';
import type { AccountDeletionRepo, MyDataRepo, SettingsRepo } from './repo.ts';

const noAccount = () => new AppError(401, 'errors.token_invalid');

/** The user's settings across devices, the copy of their data, and the deletion of their account. */
export class AccountService {
  constructor(
    private readonly deps: {
      settings: SettingsRepo;
      myData: MyDataRepo;
      deletion: AccountDeletionRepo;
      /** The other modules' parts of the user's data (ctx.personalData). */
      personalData: Registry<PersonalDataSource>;
      images: ImageStore;
      /** Signs the avatar's URL in the export. */
      photos: UserPhotos;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  settings(userId: string): Promise<UserSettings> {
    return this.deps.settings.find(userId);
  }

  updateSettings(userId: string, changes: UserSettings): Promise<UserSettings> {
    return this.deps.settings.merge(userId, changes, this.deps.clock());
  }

  async export(userId: string): Promise<MyDataExport> {
    const data = await this.deps.myData.collect(userId);
    if (!data) throw noAccount();
    const { avatarKey } = data.user;
    const profile: MyDataExport['profile'] = {
      ...toUser(data.user),
      createdAt: data.user.createdAt.toISOString(),
      avatarUrl: avatarKey ? this.deps.photos.url(avatarKey) : null,
    };
    // parsed: a section no module gave fails here, in every mode, rather than leave the copy short
    return MyDataExport.parse({
      exportedAt: this.deps.clock().toISOString(),
      profile,
      settings: data.settings,
      ...(await collectAll(this.deps.personalData.entries, userId)),
    });
  }

  async deleteAccount(userId: string): Promise<null> {
    const photos = await this.deps.deletion.delete(userId, this.deps.clock(), (tx) =>
      eraseAll(this.deps.personalData.entries, userId, tx),
    );
    if (!photos) throw noAccount();
    // the rows are gone, so the objects are unreachable: a failure here is logged, never shown
    const outcomes = await Promise.allSettled(photos.map((key) => this.deps.images.delete(key)));
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'rejected')
        this.deps.logger.error({ storageKey: photos[i] }, 'deleting a deleted account’s photo failed');
    });
    return null;
  }
}
