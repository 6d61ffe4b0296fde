import { textNamespace } from '../namespace.ts';
import { settingsEn } from './en.ts';
import { settingsZhCN } from './zh-CN.ts';

/** The operation settings page's texts: `useTranslation(SETTINGS_NS)`. */
export const SETTINGS_NS = textNamespace('settings', settingsZhCN, settingsEn);
