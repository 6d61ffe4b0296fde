import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * What the back office takes from the calls feature, all lazy (registered in
 * admin/admin-pages.ts). Apart from index.ts: the personal centre imports that one, and a lazy
 * import reachable from the user app would put these pages into the native build.
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
