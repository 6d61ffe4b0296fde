import { textNamespace } from '../../namespace.ts';
import { feedbackAdminEn } from './en.ts';
import { feedbackAdminZhCN } from './zh-CN.ts';

/** The back office's feedback page: `useTranslation(FEEDBACK_ADMIN_NS)`. */
export const FEEDBACK_ADMIN_NS = textNamespace('feedback-admin', feedbackAdminZhCN, feedbackAdminEn);
