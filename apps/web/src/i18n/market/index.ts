import { textNamespace } from '../namespace.ts';
import { marketEn } from './en.ts';
import { marketZhCN } from './zh-CN.ts';

/** The market's texts: `useTranslation(MARKET_NS)`. */
export const MARKET_NS = textNamespace('market', marketZhCN, marketEn);
