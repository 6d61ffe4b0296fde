import { gatherBackOffice } from '../back-office/back-office-manifest.ts';
import { adminArea } from '../features/admin/index.ts';
import type { AdminArea } from '../features/admin/manifest.ts';
import type { FeatureManifest } from '../ui/feature-manifest.ts';

/**
 * The back office's login page and frame, holding what every feature adds to it (its
 * back-office.ts, loaded here all at once: the frame shows whole). Their order is the features'
 * order: the order of the dashboard's panels and of a user drawer's sections.
 */
export async function loadAdminArea(features: readonly FeatureManifest[]): Promise<AdminArea> {
  const parts = await Promise.all(features.flatMap((f) => (f.backOffice ? [f.backOffice()] : [])));
  return adminArea(gatherBackOffice(parts.map((part) => part.backOffice)));
}
