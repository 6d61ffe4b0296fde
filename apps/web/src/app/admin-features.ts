import { adminManifest } from '../features/admin/manifest.ts';
import type { FeatureManifest } from '../ui/feature-manifest.ts';

/**
 * The admin back office. Its code and what the features add to it load together, the first time
 * an admin path is opened (back-office.ts). Web only: admin-features.native.ts stands in for this
 * file in the native build.
 */
export const ADMIN_FEATURES: readonly FeatureManifest[] = [
  adminManifest(() => import('./back-office.ts').then((m) => m.ADMIN_AREA)),
];
