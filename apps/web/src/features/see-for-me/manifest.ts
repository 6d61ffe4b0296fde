import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { EyeIcon } from '../../ui/icons.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

export const seeForMeManifest: FeatureManifest = {
  routes: [
    {
      path: routes.seeForMe,
      page: lazyPage(() => import('./see-for-me-page.tsx').then((m) => m.SeeForMePage)),
      access: 'user',
      voice: { nameKey: 'nav.seeForMe', aliases: ['帮我看看', 'see for me'] },
      camera: true,
    },
  ],
  nav: { id: 'see-for-me', order: 3, labelKey: 'nav.seeForMe', icon: EyeIcon, to: routes.seeForMe },
  personalCentre: () => import('./personal-centre.ts'),
};
