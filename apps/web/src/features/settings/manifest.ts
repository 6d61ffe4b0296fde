import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

export const settingsManifest: FeatureManifest = {
  routes: [
    {
      path: routes.operationSettings,
      page: { pending: 'pages.operationSettings' },
      access: 'user',
      voice: { nameKey: 'pages.operationSettings', aliases: ['操作设置', '设置', 'settings'] },
      profileLink: { labelKey: 'profile.operationSettings', order: 2 },
    },
  ],
};
