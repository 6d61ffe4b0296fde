import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const privacyManifest: FeatureManifest = {
  routes: [
    {
      path: routes.privacy,
      page: lazyPage(() => import('./privacy-page.tsx').then((m) => m.PrivacyPage)),
      access: 'public',
      // the consent gate links here: the policy must be readable before accepting it
      without: ['privacyGate'],
    },
  ],
  personalCentre: () => import('./personal-centre.ts'),
};
