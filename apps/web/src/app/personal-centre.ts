import { callsPersonalCentre } from '../features/calls/personal-centre.ts';
import { downloadPersonalCentre } from '../features/download/personal-centre.ts';
import { infoPersonalCentre } from '../features/info/personal-centre.ts';
import { pointsPersonalCentre } from '../features/points/personal-centre.ts';
import { privacyPersonalCentre } from '../features/privacy/personal-centre.ts';
import { settingsPersonalCentre } from '../features/settings/personal-centre.ts';
import type { PersonalCentre, PersonalCentreEntries } from '../ui/feature-manifest.ts';

/**
 * What each feature adds to the personal centre (its personal-centre.ts): adding one is adding it
 * here. Within each place of the page, the cards keep this order. Loaded with the personal
 * centre's page (features.ts), so the first page of the app carries none of it.
 */
const ENTRIES: readonly PersonalCentreEntries[] = [
  pointsPersonalCentre,
  settingsPersonalCentre,
  infoPersonalCentre,
  privacyPersonalCentre,
  downloadPersonalCentre,
  callsPersonalCentre,
];

export const PERSONAL_CENTRE: PersonalCentre = {
  links: ENTRIES.flatMap((e) => e.links ?? [])
    .sort((a, b) => a.order - b.order)
    .map(({ to, labelKey }) => ({ to, labelKey })),
  sections: ENTRIES.flatMap((e) => e.sections ?? []),
};
