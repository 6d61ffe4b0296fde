export { useSession, selectLoggedIn, sessionStore, normalizeSpeechRate } from './session-store.ts';
export type { SessionState, SessionStore } from './session-store.ts';
export { StorageKey } from './storage-keys.ts';
export { logout } from './logout.ts';
export { ensureDeviceId, getDeviceId } from './device-id.ts';
