import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { MarketIcon } from '../../ui/icons.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

const sceneForm = lazyPage(() => import('./scene-form-page.tsx').then((m) => m.SceneFormPage));

export const marketManifest: FeatureManifest = {
  routes: [
    {
      path: routes.market,
      page: lazyPage(() => import('./market-page.tsx').then((m) => m.MarketPage)),
      access: 'user',
      voice: { nameKey: 'nav.market', aliases: ['市场', 'market'] },
    },
    { path: routes.marketSceneAdd, page: sceneForm, access: 'user' },
    { path: routes.marketSceneEdit, page: sceneForm, access: 'user' },
    {
      path: routes.marketUse,
      page: lazyPage(() => import('./scene-use-page.tsx').then((m) => m.SceneUsePage)),
      access: 'user',
    },
  ],
  // spec §2/§6: the market entry is hidden in the native app (its pages stay)
  nav: { id: 'market', order: 2, labelKey: 'nav.market', icon: MarketIcon, to: routes.market, native: false },
  backOffice: () => import('./back-office.ts'),
};
