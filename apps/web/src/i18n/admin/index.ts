import { textNamespace } from '../namespace.ts';
import { adminEn } from './en.ts';
import { adminZhCN } from './zh-CN.ts';

/** The back office's own texts (its frame, users, admins, audit, dashboard); loaded with the admin area's code, so a phone never downloads them: `useTranslation(ADMIN_NS)`. */
export const ADMIN_NS = textNamespace('admin', adminZhCN, adminEn);
