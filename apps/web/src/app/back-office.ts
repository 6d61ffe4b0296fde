import { gatherBackOffice } from '../back-office/back-office-manifest.ts';
import { adminBackOffice } from '../features/admin/back-office.ts';
import { adminArea } from '../features/admin/index.ts';
import { callsBackOffice } from '../features/calls/back-office.ts';
import { infoBackOffice } from '../features/info/back-office.ts';
import { marketBackOffice } from '../features/market/back-office.ts';
import { pointsBackOffice } from '../features/points/back-office.ts';
import { versionsBackOffice } from '../features/versions/back-office.ts';

/**
 * What each feature adds to the back office (its back-office.ts): adding one is adding it here.
 * Their order is the order of the dashboard's panels and of a user drawer's sections.
 */
export const BACK_OFFICE = gatherBackOffice([
  adminBackOffice,
  marketBackOffice,
  pointsBackOffice,
  versionsBackOffice,
  callsBackOffice,
  infoBackOffice,
]);

/** The back office's login page and frame, holding all of it (loaded lazily: admin-features.ts). */
export const ADMIN_AREA = adminArea(BACK_OFFICE);
