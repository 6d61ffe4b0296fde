import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';
import { PointsSummary } from './points-summary.tsx';

/** The points card (total, VIP state, links) with the account's cards; the points pages first in the list. */
export const personalCentre: PersonalCentreEntries = {
  links: [
    { to: routes.pointsLogs, labelKey: 'profile.pointsLogs', order: 1 },
    { to: routes.pointsRecharge, labelKey: 'profile.pointsRecharge', order: 1.5 },
  ],
  sections: [{ place: 'account', Section: PointsSummary }],
};
