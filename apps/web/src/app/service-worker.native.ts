/**
 * The native build resolves service-worker.ts to this file: the Capacitor shell has the app's files
 * on the phone and updates through its own version check (spec §4), so there is no worker to register.
 */
export function registerServiceWorker(): void {}
