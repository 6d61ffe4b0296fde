import { textNamespace } from '../namespace.ts';
import { callsEn } from './en.ts';
import { callsZhCN } from './zh-CN.ts';

/** The video-call pages' texts (and the call warnings of the personal centre): `useTranslation(CALLS_NS)`. */
export const CALLS_NS = textNamespace('calls', callsZhCN, callsEn);
