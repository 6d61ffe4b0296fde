import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const loginManifest: FeatureManifest = {
  routes: [
    {
      path: routes.login,
      page: lazyPage(() => import('./login-page.tsx').then((m) => m.LoginPage)),
      access: 'public',
      signInFor: 'user',
      without: ['bottomNav'],
    },
    // the social-login callback of spec §2: public, it is where a visitor's login finishes
    {
      path: routes.authCallback,
      page: lazyPage(() => import('./auth-callback-page.tsx').then((m) => m.AuthCallbackPage)),
      access: 'public',
      without: ['bottomNav'],
    },
  ],
};
