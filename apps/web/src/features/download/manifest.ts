import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const downloadManifest: FeatureManifest = {
  routes: [
    {
      path: routes.download,
      page: lazyPage(() => import('./download-page.tsx').then((m) => m.DownloadPage)),
      access: 'public',
      without: ['privacyGate'],
    },
  ],
  personalCentre: () => import('./personal-centre.ts'),
};
