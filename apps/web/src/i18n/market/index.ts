import { i18n } from '../index.ts';
import { marketEn } from './en.ts';
import { marketZhCN } from './zh-CN.ts';

/** The market's namespace: `useTranslation(MARKET_NS)`. */
export const MARKET_NS = 'market';

/**
 * Adds the market's labels to the app's i18n. Called by the market's pages as they load, so they
 * travel in their chunks and not in the app's first download.
 */
export function registerMarketTexts(): void {
  if (i18n.hasResourceBundle('zh-CN', MARKET_NS)) return;
  i18n.addResourceBundle('zh-CN', MARKET_NS, marketZhCN);
  i18n.addResourceBundle('en', MARKET_NS, marketEn);
}
