import { lazyPage } from '../../ui/lazy-page.ts';

/** The warnings a member was given after reports about their calls, which the personal centre shows. */
export { CallWarnings } from './call-warnings.tsx';

/**
 * What the back office takes from the calls feature, all lazy (registered in
 * admin/admin-pages.ts): only the admin area's code reaches these, so the user app never carries them.
 */

/** /bme_admin/calls: records, statistics and the reports to handle. */
export const callsAdminPage = lazyPage(() =>
  import('./admin/calls-admin-page.tsx').then((m) => m.CallsAdminPage),
);

/** /bme_admin/system-calls: operators online and the queue of calls no volunteer took. */
export const systemCallsAdminPage = lazyPage(() =>
  import('./admin/system-calls-page.tsx').then((m) => m.SystemCallsPage),
);

/** The admin video call page, where an operator answers in the browser. */
export const adminVideoCallPage = lazyPage(() =>
  import('./admin/admin-video-call-page.tsx').then((m) => m.AdminVideoCallPage),
);
