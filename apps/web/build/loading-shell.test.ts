import { describe, expect, it } from 'vitest';
import { tr } from '../src/i18n/index.ts';
import { renderApp } from '../test/test-utils.tsx';
import { loadingShell, loadingShellHtml } from './loading-shell.ts';

describe('the loading shell in index.html', () => {
  it("is React's first render: the same wrapper, <main> and loading status, so nothing moves", () => {
    const { container } = renderApp('/see-for-me', { initialized: false });
    const shell = document.createElement('template');
    shell.innerHTML = loadingShellHtml(tr('app.loading'));
    const app = container.querySelector('.app');
    expect(app?.className).toBe(shell.content.querySelector('.app')?.className);
    expect(container.querySelector('main')?.outerHTML).toBe(shell.content.querySelector('main')?.outerHTML);
    // the header's room, so that the header's arrival moves nothing (no layout shift)
    expect(container.querySelector('.app-header')?.outerHTML).toBe(
      shell.content.querySelector('.app-header')?.outerHTML,
    );
  });

  it('goes into the empty root of index.html, and says so when there is none', () => {
    const plugin = loadingShell('正在加载…');
    const transform = plugin.transformIndexHtml as (html: string) => string;
    expect(transform('<body><div id="root"></div></body>')).toBe(
      `<body><div id="root">${loadingShellHtml('正在加载…')}</div></body>`,
    );
    expect(() => transform('<body><div id="app"></div></body>')).toThrow(/root/);
  });
});
