import type { BackOfficeManifest } from '../ui/feature-manifest.ts';

/**
 * What every feature's back-office.ts is in the native build (vite.config.ts): nothing. A manifest
 * names its back office lazily, which would still put its admin chunks into the native app's
 * output; the native app has no back office (spec §2).
 */
export const backOffice: BackOfficeManifest = {};
