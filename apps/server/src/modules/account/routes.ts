import { accountEndpoints as e } from '@sfm/protocol/account';
import type { Router } from '../../http/router.ts';
import type { AccountService } from './service.ts';

export function registerAccountRoutes(router: Router, account: AccountService): void {
  router.route(e.mySettings, ({ identity }) => account.settings(identity.userId));
  router.route(e.updateMySettings, ({ identity, body }) => account.updateSettings(identity.userId, body));
  router.route(e.exportMyData, ({ identity }) => account.export(identity.userId));
  router.route(e.deleteMyAccount, ({ identity }) => account.deleteAccount(identity.userId));
}
