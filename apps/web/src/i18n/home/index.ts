import { textNamespace } from '../namespace.ts';
import { homeEn } from './en.ts';
import { homeZhCN } from './zh-CN.ts';

/** The home page: `useTranslation(HOME_NS)`. */
export const HOME_NS = textNamespace('home', homeZhCN, homeEn);
