import en from './messages/en.json' with { type: 'json' };
import zhCN from './messages/zh-CN.json' with { type: 'json' };
import type adminZhCN from './messages/admin.zh-CN.json';

/** API message catalogues (the server's `message` field and the client's form errors share them). */
export const apiMessages = { 'zh-CN': zhCN, en } as const;
export type Locale = keyof typeof apiMessages;
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** The back office's part of the catalogue, added by `@sfm/protocol/admin` (a type: nothing loaded here). */
type AdminErrors = (typeof adminZhCN)['errors'];

/** A message key such as "errors.phone_invalid" (zod issue messages in this package are such keys). */
export type MessageKey = 'ok' | `errors.${keyof (typeof zhCN)['errors'] | keyof AdminErrors}`;

/** A part of the catalogue kept apart from the rest, in every locale. */
export type CataloguePart = Record<Locale, { errors: Record<string, string> }>;

const addedErrors: Record<Locale, Record<string, string>> = { 'zh-CN': {}, en: {} };

/**
 * Adds a part of the catalogue kept out of the main one so that the user app's bundle does not
 * carry it (the back office's: importing `@sfm/protocol/admin` adds it).
 */
export function addMessages(part: CataloguePart): void {
  for (const locale of Object.keys(addedErrors) as Locale[])
    Object.assign(addedErrors[locale], part[locale].errors);
}

function errorText(locale: Locale, name: string): string | undefined {
  const errors: Record<string, string> = apiMessages[locale].errors;
  return errors[name] ?? addedErrors[locale][name];
}

export function isMessageKey(key: string): key is MessageKey {
  if (key === 'ok') return true;
  const [ns, name] = key.split('.');
  return ns === 'errors' && name !== undefined && errorText(DEFAULT_LOCALE, name) !== undefined;
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
      : ((key.startsWith('errors.') ? errorText(locale, key.slice(7)) : undefined) ??
        catalogue.errors.validation);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Picks the best catalogue for an Accept-Language header; zh-CN unless English is preferred. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LOCALE;
}

/** A notification the server sends (a volunteer's push ring), by name in the catalogue's `notifications`. */
export type NotificationName = keyof (typeof zhCN)['notifications'];

/** A notification's text in `locale`, `{{name}}` placeholders filled. */
export function notificationText(
  name: NotificationName,
  locale: Locale = DEFAULT_LOCALE,
  params: Record<string, string | number> = {},
): string {
  return apiMessages[locale].notifications[name].replace(/\{\{(\w+)\}\}/g, (_, key: string) =>
    String(params[key] ?? ''),
  );
}
