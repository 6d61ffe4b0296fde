import { textNamespace } from '../namespace.ts';
import { privacyEn } from './en.ts';
import { privacyZhCN } from './zh-CN.ts';

/** The full privacy policy page: `useTranslation(PRIVACY_NS)`. */
export const PRIVACY_NS = textNamespace('privacy', privacyZhCN, privacyEn);
