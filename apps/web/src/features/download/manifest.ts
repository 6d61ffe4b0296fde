import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

export const downloadManifest: FeatureManifest = {
  routes: [
    {
      path: routes.download,
      page: { pending: 'pages.download' },
      access: 'public',
      without: ['privacyGate'],
      profileLink: { labelKey: 'profile.download', order: 7 },
    },
  ],
};
