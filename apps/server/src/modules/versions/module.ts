import type { ModuleContext } from '../../module-context.ts';
import { registerVersionFiles, registerVersionRoutes } from './routes.ts';
import { VersionsService } from './service.ts';

/** App versions: update checks, downloads, the release notes and the back office's versions page. */
export function register({
  http,
  scope,
  identities,
  db,
  audit,
  clock,
  config,
  adapters,
}: ModuleContext): void {
  const versions = new VersionsService(
    db,
    audit,
    adapters.imageStore,
    clock,
    config.apkMaxBytes,
    config.defaultDownloads,
  );
  registerVersionRoutes(http, versions);
  registerVersionFiles(scope, identities, versions, config.apkMaxBytes);
}
