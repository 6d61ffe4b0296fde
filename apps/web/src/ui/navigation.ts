/**
 * Navigation for code outside React (the HTTP client's session expiry, app start).
 * The router binds itself here at start; before that a full page load is the fallback.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => unknown;

let navigator: Navigator | null = null;

export function bindNavigator(fn: Navigator | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options: { replace?: boolean } = { replace: true }): void {
  if (navigator) {
    void Promise.resolve(navigator(to, options)).catch(() => undefined);
    return;
  }
  if (typeof window !== 'undefined') window.location.assign(to);
}
