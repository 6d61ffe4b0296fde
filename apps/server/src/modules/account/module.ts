import type { ModuleContext } from '../../module-context.ts';
import { AccountDeletionRepo, MyDataRepo, SettingsRepo } from './repo.ts';
import { registerAccountRoutes } from './routes.ts';
import { AccountService } from './service.ts';

/** The user's own settings and data: synced settings, "download my data", "delete my account". */
export function register(ctx: ModuleContext): void {
  const { http, db, clock, logger, adapters, personalData, userPhotos } = ctx;
  const service = new AccountService({
    settings: new SettingsRepo(db),
    myData: new MyDataRepo(db),
    deletion: new AccountDeletionRepo(db),
    personalData,
    images: adapters.imageStore,
    photos: userPhotos,
    clock,
    logger,
  });
  registerAccountRoutes(http, service);
}
