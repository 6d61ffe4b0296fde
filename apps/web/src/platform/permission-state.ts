/**
 * A device permission's state as the app speaks of it, whoever answers: the browser's Permissions
 * API (media.ts) or the native app's plugins (native-permissions.ts). It lives here, below both, so
 * neither has to import the other for it.
 */
export type PermissionStateName = 'granted' | 'denied' | 'prompt' | 'unknown';
