import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { PersonIcon } from '../../ui/icons.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const profileManifest: FeatureManifest = {
  routes: [
    {
      path: routes.profile,
      page: lazyPage(() => import('./profile-page.tsx').then((m) => m.ProfilePage)),
      access: 'user',
      voice: { nameKey: 'nav.profile', aliases: ['个人中心', '我的', 'profile'] },
    },
  ],
  nav: { id: 'profile', order: 5, labelKey: 'nav.profile', icon: PersonIcon, to: routes.profile },
};
