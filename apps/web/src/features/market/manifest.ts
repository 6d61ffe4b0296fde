import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { MarketIcon } from '../../ui/icons.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { marketPaths } from './paths.ts';

const sceneForm = lazyPage(() => import('./scene-form-page.tsx').then((m) => m.SceneFormPage));

export const marketManifest: FeatureManifest = {
  routes: [
    {
      path: marketPaths.market,
      page: lazyPage(() => import('./market-page.tsx').then((m) => m.MarketPage)),
      access: 'user',
      voice: { nameKey: 'nav.market', aliases: ['市场', 'market'] },
    },
    { path: marketPaths.sceneAdd, page: sceneForm, access: 'user' },
    { path: marketPaths.sceneEdit, page: sceneForm, access: 'user' },
    {
      path: marketPaths.use,
      page: lazyPage(() => import('./scene-use-page.tsx').then((m) => m.SceneUsePage)),
      access: 'user',
      // the camera screen with the scene fixed: auto-capture runs as on /see-for-me
      camera: true,
    },
  ],
  // spec §2/§6: the market entry is hidden in the native app (its pages stay)
  nav: {
    id: 'market',
    order: 2,
    labelKey: 'nav.market',
    icon: MarketIcon,
    to: marketPaths.market,
    native: false,
  },
  backOffice: () => import('./back-office.ts'),
};
