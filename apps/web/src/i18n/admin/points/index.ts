import { textNamespace } from '../../namespace.ts';
import { pointsAdminEn } from './en.ts';
import { pointsAdminZhCN } from './zh-CN.ts';

/** The back office's points configuration page, dashboard panel and users-drawer section: `useTranslation(POINTS_ADMIN_NS)`. */
export const POINTS_ADMIN_NS = textNamespace('points-admin', pointsAdminZhCN, pointsAdminEn);
