import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

export const pointsManifest: FeatureManifest = {
  routes: [
    {
      path: routes.pointsLogs,
      page: { pending: 'pages.pointsLogs' },
      access: 'user',
      voice: { nameKey: 'pages.pointsLogs', aliases: ['积分', 'points'] },
      profileLink: { labelKey: 'profile.pointsLogs', order: 1 },
    },
  ],
};
