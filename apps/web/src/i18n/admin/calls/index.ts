import { textNamespace } from '../../namespace.ts';
import { callsAdminEn } from './en.ts';
import { callsAdminZhCN } from './zh-CN.ts';

/** The back office's call pages and dashboard panel: `useTranslation(CALLS_ADMIN_NS)`. */
export const CALLS_ADMIN_NS = textNamespace('calls-admin', callsAdminZhCN, callsAdminEn);
