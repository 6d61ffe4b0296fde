import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { PointsSummary } from './points-summary.tsx';
import { pointsPaths } from './paths.ts';

/** The points card (total, VIP state, links) with the account's cards; the points pages first in the list. */
export const personalCentre: PersonalCentreEntries = {
  links: [
    { to: pointsPaths.logs, labelKey: 'profile.pointsLogs', order: 1 },
    { to: pointsPaths.recharge, labelKey: 'profile.pointsRecharge', order: 1.5 },
  ],
  sections: [{ place: 'account', Section: PointsSummary }],
};
