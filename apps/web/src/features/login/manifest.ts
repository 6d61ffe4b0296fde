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
    // the social-login callback of spec §2
    { path: routes.authCallback, page: { pending: 'pages.authCallback' }, access: 'user' },
  ],
};
