import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('the languages', () => {
  it('has zh-CN from the start and loads English only when it is chosen', async () => {
    const { i18n, setLocale, tr } = await import('./index.ts');
    expect(tr('app.name')).toBe('帮我看看');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);

    await setLocale('en');
    expect(tr('app.name')).toBe('See for me');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');

    await setLocale('zh-CN');
    expect(tr('app.name')).toBe('帮我看看');
  });

  it('a stored English is loaded before the first render may start (i18nReady)', async () => {
    localStorage.setItem('lang', 'en');
    const { i18n, i18nReady, tr } = await import('./index.ts');
    await i18nReady;
    expect(i18n.language).toBe('en');
    expect(tr('app.name')).toBe('See for me');
    expect(document.documentElement.lang).toBe('en');
  });
});
