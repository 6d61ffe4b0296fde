import type { FeatureManifest } from '../../ui/feature-manifest.ts';

/**
 * The product list the 条码 mode names products from: all of it is the back office's products
 * page, so no user page and not in the native build (the mode itself is see-for-me's).
 */
export const productsManifest: FeatureManifest = {
  routes: [],
  native: false,
  backOffice: () => import('./back-office.ts'),
};
