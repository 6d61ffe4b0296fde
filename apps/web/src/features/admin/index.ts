/**
 * What other features' admin pages use of the back office (their pages are registered in
 * admin-pages.ts and load inside its shell): its calls, formats, status tag and reason dialog.
 */
export { adminCall, failureText, useAdminData } from './admin-api.ts';
export { formatTime } from './admin-format.ts';
export { ReasonDialog } from './shell/reason-dialog.tsx';
export { StatusTag } from './shell/status-tag.tsx';
export { ADMIN_ROOT } from './admin-paths.ts';
