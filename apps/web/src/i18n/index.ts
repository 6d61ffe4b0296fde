import { apiMessages, DEFAULT_LOCALE, translateMessage, type Locale } from '@sfm/protocol';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { platform } from '../platform/index.ts';
import { zhCN } from './zh-CN.ts';

const LANG_STORAGE_KEY = 'lang';
const SUPPORTED_LOCALES: readonly Locale[] = ['zh-CN', 'en'];

function isLocale(value: string | null): value is Locale {
  return value !== null && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The language from localStorage `lang`, else zh-CN. */
function storedLocale(): Locale {
  const lang = platform.storage.get(LANG_STORAGE_KEY);
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

export const i18n: I18n = i18next.createInstance();

// zh-CN, the default, is in the first download; another language loads when it is chosen (or was)
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  // server error keys ("errors.phone_invalid") share the protocol catalogue
  resources: { 'zh-CN': { translation: zhCN, api: apiMessages['zh-CN'] } },
  ns: ['translation', 'api'],
  defaultNS: 'translation',
  // the shell's texts (this bundle) are every feature's too: a feature's t (namespace.ts) finds a
  // page title or a scene mode's name without naming the namespace
  fallbackNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

function syncHtmlLang(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

/** English is not in the first download: its catalogues load when it is chosen (or was). */
async function loadLocale(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE || i18n.hasResourceBundle(locale, 'translation')) return;
  const { en } = await import('./en.ts');
  i18n.addResourceBundle(locale, 'translation', en);
  i18n.addResourceBundle(locale, 'api', apiMessages[locale]);
}

/**
 * Resolves once the stored language can be shown: at once for zh-CN; for English after its
 * catalogue has loaded (the first render waits for it, main.tsx, so no page shows in the wrong
 * language). A failed download leaves zh-CN.
 */
export const i18nReady: Promise<void> = (async () => {
  const locale = storedLocale();
  if (locale === DEFAULT_LOCALE) return;
  try {
    await loadLocale(locale);
    await i18n.changeLanguage(locale);
  } catch (error) {
    console.warn('language catalogue failed to load:', error instanceof Error ? error.message : error);
  }
})();

/** The current locale as the protocol knows it. */
export function currentLocale(): Locale {
  const lang = i18n.language;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Changes the language, remembers it and updates `<html lang>`. */
export async function setLocale(locale: Locale): Promise<void> {
  platform.storage.set(LANG_STORAGE_KEY, locale);
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

/** Text for a protocol message key ("errors.phone_invalid") in the current locale. */
export function apiText(key: string, params?: Record<string, string | number>): string {
  return translateMessage(key, currentLocale(), params);
}

/** Plain translation outside React. */
export function tr(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
