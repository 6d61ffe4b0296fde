import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const homeManifest: FeatureManifest = {
  routes: [
    {
      path: routes.home,
      page: lazyPage(() => import('./home-page.tsx').then((m) => m.HomePage)),
      access: 'public',
      without: ['header', 'bottomNav', 'privacyGate'],
      nativeRedirect: routes.seeForMe,
      voice: { nameKey: 'assistant.pages.home', aliases: ['首页', '主页', 'home'] },
      camera: true,
    },
  ],
};
