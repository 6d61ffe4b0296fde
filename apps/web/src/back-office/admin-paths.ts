/** The back office's root: its login page (spec §2). Every admin page lies below it. */
export const ADMIN_ROOT = '/bme_admin';

/** The admin's own password (the only page open while it is a temporary one). */
export const ADMIN_PASSWORD = `${ADMIN_ROOT}/password`;

/** Where a signed-in admin lands when no redirect says otherwise: the dashboard. */
export const ADMIN_HOME = `${ADMIN_ROOT}/dashboard`;
