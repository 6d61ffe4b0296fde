import type { Plugin } from 'vite';

const ROOT = '<div id="root"></div>';
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The app's loading state as React's first render draws it on a page with a header (root-layout.tsx:
 * the header's empty room, no navigation until the app has started, the polite "loading" status in
 * <main>). A page without a header drops the room as React takes over, before any content shows.
 */
export function loadingShellHtml(loadingText: string): string {
  return (
    '<div class="app"><div class="app-header" aria-hidden="true"><span class="app-header__room"></span></div>' +
    '<main id="main" tabindex="-1" class="app-main">' +
    `<p class="app-loading" role="status" aria-live="polite">${escapeHtml(loadingText)}</p></main></div>`
  );
}

/**
 * The first paint comes from the HTML itself, before any script has arrived: the loading state,
 * drawn exactly as React then draws it, so that nothing moves when React takes over
 * (loading-shell.test.ts keeps the two equal). In the default language.
 */
export function loadingShell(loadingText: string): Plugin {
  return {
    name: 'sfm-loading-shell',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT} for the loading shell`);
      return html.replace(ROOT, `<div id="root">${loadingShellHtml(loadingText)}</div>`);
    },
  };
}
