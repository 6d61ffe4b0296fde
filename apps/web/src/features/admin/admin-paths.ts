/** The back office's root: its login page (spec §2). Every admin page lies below it. */
export const ADMIN_ROOT = '/bme_admin';
