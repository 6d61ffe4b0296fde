import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { pointsPaths } from './paths.ts';

export const pointsManifest: FeatureManifest = {
  routes: [
    {
      path: pointsPaths.logs,
      page: lazyPage(() => import('./points-logs-page.tsx').then((m) => m.PointsLogsPage)),
      access: 'user',
      voice: { nameKey: 'pages.pointsLogs', aliases: ['积分', 'points'] },
    },
    {
      path: pointsPaths.recharge,
      page: lazyPage(() => import('./recharge-page.tsx').then((m) => m.RechargePage)),
      access: 'user',
      voice: { nameKey: 'pages.pointsRecharge', aliases: ['充值', '会员', 'recharge', 'vip'] },
    },
    {
      path: pointsPaths.sandboxCheckout,
      page: lazyPage(() => import('./sandbox-checkout-page.tsx').then((m) => m.SandboxCheckoutPage)),
      access: 'user',
    },
  ],
  backOffice: () => import('./back-office.ts'),
  personalCentre: () => import('./personal-centre.ts'),
};
