/**
 * The native build resolves service-worker.ts to this file: the Capacitor shell has the app's files
 * on the phone and updates through its own version check (spec §4), so there is no worker to register.
 */
export function registerServiceWorker(): void {}

/** The native app updates through its store or download link (features/download), never by reload. */
export async function updateWebApp(): Promise<void> {}
