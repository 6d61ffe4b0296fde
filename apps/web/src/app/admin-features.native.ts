import type { FeatureManifest } from '../ui/feature-manifest.ts';

/**
 * The native build (vite build --mode native) resolves admin-features.ts to this file: the admin
 * area is not even in its module graph, so none of its code or chunks reach a phone (spec §2).
 */
export const adminFeatures = (): FeatureManifest[] => [];
