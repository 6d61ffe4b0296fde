import type { FeatureManifest, PersonalCentre } from '../ui/feature-manifest.ts';

/**
 * What every feature adds to the personal centre (its personal-centre.ts), loaded with the
 * personal centre's page (features.ts), so the first page of the app carries none of it. Within
 * each place of the page, the cards keep the features' order.
 */
export async function loadPersonalCentre(features: readonly FeatureManifest[]): Promise<PersonalCentre> {
  const entries = (
    await Promise.all(features.flatMap((f) => (f.personalCentre ? [f.personalCentre()] : [])))
  ).map((part) => part.personalCentre);
  return {
    links: entries
      .flatMap((e) => e.links ?? [])
      .sort((a, b) => a.order - b.order)
      .map(({ to, labelKey }) => ({ to, labelKey })),
    sections: entries.flatMap((e) => e.sections ?? []),
  };
}
