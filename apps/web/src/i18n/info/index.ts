import { textNamespace } from '../namespace.ts';
import { infoEn } from './en.ts';
import { infoZhCN } from './zh-CN.ts';

/** The help, donate and contact-us pages' texts (and the personal centre's feedback list): `useTranslation(INFO_NS)`. */
export const INFO_NS = textNamespace('info', infoZhCN, infoEn);
