import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const settingsManifest: FeatureManifest = {
  routes: [
    {
      path: routes.operationSettings,
      page: lazyPage(() => import('./operation-settings-page.tsx').then((m) => m.OperationSettingsPage)),
      access: 'user',
      voice: { nameKey: 'pages.operationSettings', aliases: ['操作设置', '设置', 'settings'] },
    },
  ],
  personalCentre: () => import('./personal-centre.ts'),
};
