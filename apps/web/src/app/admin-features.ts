import { adminManifest } from '../features/admin/manifest.ts';
import type { FeatureManifest } from '../ui/feature-manifest.ts';

/** The admin back office (web only: admin-features.native.ts stands in for this file in the native build). */
export const ADMIN_FEATURES: readonly FeatureManifest[] = [adminManifest];
