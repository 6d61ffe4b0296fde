import { textNamespace } from '../../namespace.ts';
import { infoAdminEn } from './en.ts';
import { infoAdminZhCN } from './zh-CN.ts';

/** The info feature's back-office page, the users' feedback: `useTranslation(INFO_ADMIN_NS)`. */
export const INFO_ADMIN_NS = textNamespace('info-admin', infoAdminZhCN, infoAdminEn);
