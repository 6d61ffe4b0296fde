/**
 * Who is signed in (tokens, user, preferences kept with them) and this device's id: the state below
 * the API client and every feature; it calls nothing (logging out, which tells the server, is the
 * API client's: api/logout.ts).
 */
export { selectLoggedIn, useSession } from './session-store.ts';
export { ensureDeviceId, getDeviceId } from './device-id.ts';
export { noteSessionEnded, takeSessionEndedNotice } from './ended-notice.ts';
