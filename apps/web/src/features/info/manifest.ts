import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

/** The informational pages of spec §2: help, donate, contact us. */
export const infoManifest: FeatureManifest = {
  routes: [
    {
      path: routes.help,
      page: { pending: 'pages.help' },
      access: 'user',
      voice: { nameKey: 'pages.help', aliases: ['帮助', 'help'] },
      profileLink: { labelKey: 'profile.help', order: 3 },
    },
    {
      path: routes.donate,
      page: { pending: 'pages.donate' },
      access: 'user',
      profileLink: { labelKey: 'profile.donate', order: 4 },
    },
    {
      path: routes.contactUs,
      page: { pending: 'pages.contactUs' },
      access: 'user',
      profileLink: { labelKey: 'profile.contactUs', order: 5 },
    },
  ],
};
