import { textNamespace } from '../namespace.ts';
import { chatEn } from './en.ts';
import { chatZhCN } from './zh-CN.ts';

/** The AI chat page's texts: `useTranslation(CHAT_NS)`. */
export const CHAT_NS = textNamespace('chat', chatZhCN, chatEn);
