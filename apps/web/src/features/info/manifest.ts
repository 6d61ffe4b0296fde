import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

/** The informational pages of spec §2: help, donate, contact us. */
export const infoManifest: FeatureManifest = {
  routes: [
    {
      path: routes.help,
      page: lazyPage(() => import('./help-page.tsx').then((m) => m.HelpPage)),
      access: 'user',
      voice: { nameKey: 'pages.help', aliases: ['帮助', 'help'] },
    },
    {
      path: routes.donate,
      page: lazyPage(() => import('./donate-page.tsx').then((m) => m.DonatePage)),
      access: 'user',
    },
    {
      path: routes.contactUs,
      page: lazyPage(() => import('./contact-us-page.tsx').then((m) => m.ContactUsPage)),
      access: 'user',
    },
  ],
  backOffice: () => import('./back-office.ts'),
  personalCentre: () => import('./personal-centre.ts'),
};
