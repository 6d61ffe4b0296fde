import { textNamespace } from '../../namespace.ts';
import { versionsAdminEn } from './en.ts';
import { versionsAdminZhCN } from './zh-CN.ts';

/** The back office's versions page and its dialog: `useTranslation(VERSIONS_ADMIN_NS)`. */
export const VERSIONS_ADMIN_NS = textNamespace('versions-admin', versionsAdminZhCN, versionsAdminEn);
