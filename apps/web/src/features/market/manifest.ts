import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { MarketIcon } from '../../ui/icons.tsx';
import { routes } from '../../ui/routes.ts';

export const marketManifest: FeatureManifest = {
  routes: [
    {
      path: routes.market,
      page: { pending: 'pages.market' },
      access: 'user',
      voice: { nameKey: 'nav.market', aliases: ['市场', 'market'] },
    },
    { path: routes.marketSceneAdd, page: { pending: 'pages.marketSceneAdd' }, access: 'user' },
    { path: routes.marketSceneEdit, page: { pending: 'pages.marketSceneEdit' }, access: 'user' },
    { path: routes.marketUse, page: { pending: 'pages.marketUse' }, access: 'user' },
  ],
  // spec §2/§6: the market entry is hidden in the native app (its pages stay)
  nav: { id: 'market', order: 2, labelKey: 'nav.market', icon: MarketIcon, to: routes.market, native: false },
};
