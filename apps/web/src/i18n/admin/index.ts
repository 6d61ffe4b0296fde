import { i18n } from '../index.ts';
import { adminEn } from './en.ts';
import { adminZhCN } from './zh-CN.ts';

/** The back office's namespace: `useTranslation(ADMIN_NS)`. */
export const ADMIN_NS = 'admin';

/**
 * Adds the back office's labels to the app's i18n. Called by the admin area's code as it loads, so
 * they travel in its chunks and not in the user app's.
 */
export function registerAdminTexts(): void {
  if (i18n.hasResourceBundle('zh-CN', ADMIN_NS)) return;
  i18n.addResourceBundle('zh-CN', ADMIN_NS, adminZhCN);
  i18n.addResourceBundle('en', ADMIN_NS, adminEn);
}
