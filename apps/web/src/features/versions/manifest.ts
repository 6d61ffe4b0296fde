import type { FeatureManifest } from '../../ui/feature-manifest.ts';

/** The versions page is all of this feature, and it is in the back office: no user page, not native. */
export const versionsManifest: FeatureManifest = {
  routes: [],
  native: false,
  backOffice: () => import('./back-office.ts'),
};
