import { i18n } from '../i18n/index.ts';

/** A timestamp as the operator's browser reads dates, in the app's language. */
export function formatTime(iso: string | null, fallback = ''): string {
  if (!iso) return fallback;
  return new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
}
