import en from './messages/en.json' with { type: 'json' };
import zhCN from './messages/zh-CN.json' with { type: 'json' };

/** API message catalogues (the server's `message` field and the client's form errors share them). */
export const apiMessages = { 'zh-CN': zhCN, en } as const;
export type Locale = keyof typeof apiMessages;
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A message key such as "errors.phone_invalid" (zod issue messages in this package are such keys). */
export type MessageKey = 'ok' | `errors.${keyof (typeof zhCN)['errors']}`;

export function isMessageKey(key: string): key is MessageKey {
  if (key === 'ok') return true;
  const [ns, name] = key.split('.');
  return ns === 'errors' && name !== undefined && name in zhCN.errors;
}

/** Looks a key up and fills `{{name}}` placeholders; an unknown key comes back as the generic validation text. */
export function translateMessage(
  key: string,
  locale: Locale = DEFAULT_LOCALE,
  params: Record<string, string | number> = {},
): string {
  const catalogue = apiMessages[locale];
  const text =
    key === 'ok'
      ? catalogue.ok
      : isMessageKey(key)
        ? catalogue.errors[key.slice(7) as keyof typeof catalogue.errors]
        : catalogue.errors.validation;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Picks the best catalogue for an Accept-Language header; zh-CN unless English is preferred. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LOCALE;
}
