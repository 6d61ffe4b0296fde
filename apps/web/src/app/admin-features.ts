import { adminManifest } from '../features/admin/manifest.ts';
import { productsManifest } from '../features/products/manifest.ts';
import { versionsManifest } from '../features/versions/manifest.ts';
import type { FeatureManifest } from '../ui/feature-manifest.ts';

/**
 * The admin back office, and the features that live only in it. Its code and what every feature
 * of the build (`allFeatures`, read when it first opens) adds to it load together, the first time
 * an admin path is opened (back-office.ts). Web only: admin-features.native.ts stands in for this
 * file in the native build.
 */
export const adminFeatures = (allFeatures: () => readonly FeatureManifest[]): FeatureManifest[] => [
  adminManifest(() => import('./back-office.ts').then((m) => m.loadAdminArea(allFeatures()))),
  versionsManifest,
  productsManifest,
];
