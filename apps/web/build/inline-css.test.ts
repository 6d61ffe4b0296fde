import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-css.ts';

describe('inlineStylesheets', () => {
  it('replaces a linked stylesheet of the build by its text, and leaves others alone', () => {
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-a.css">' +
      '<link rel="stylesheet" href="/assets/other.css"></head>';
    const css = (file: string) => (file === 'assets/index-a.css' ? 'body{margin:0}' : undefined);
    expect(inlineStylesheets(html, css)).toBe(
      '<head><style>body{margin:0}</style><link rel="stylesheet" href="/assets/other.css"></head>',
    );
  });

  it('refuses a stylesheet that would end its <style> element', () => {
    const html = '<link rel="stylesheet" href="/a.css">';
    expect(() => inlineStylesheets(html, () => 'a{}</style><script>')).toThrow(/a\.css/);
  });
});
