/**
 * Who is signed in (tokens, user, preferences kept with them) and this device's id: the state below
 * the API client and every feature. The API client imports its modules directly (logout calls it).
 */
export { checkStoredUser, selectLoggedIn, useSession } from './session-store.ts';
export { logout } from './logout.ts';
export { ensureDeviceId, getDeviceId } from './device-id.ts';
export { noteSessionEnded, takeSessionEndedNotice } from './ended-notice.ts';
