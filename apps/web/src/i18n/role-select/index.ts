import { textNamespace } from '../namespace.ts';
import { roleSelectEn } from './en.ts';
import { roleSelectZhCN } from './zh-CN.ts';

/** The role choice page: `useTranslation(ROLE_SELECT_NS)`. */
export const ROLE_SELECT_NS = textNamespace('role-select', roleSelectZhCN, roleSelectEn);
