import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const roleSelectManifest: FeatureManifest = {
  routes: [
    {
      path: routes.roleSelect,
      page: lazyPage(() => import('./role-select-page.tsx').then((m) => m.RoleSelectPage)),
      access: 'user',
    },
  ],
};
