import { i18n } from '../index.ts';
import { chatEn } from './en.ts';
import { chatZhCN } from './zh-CN.ts';

/** The chat page's namespace: `useTranslation(CHAT_NS)`. */
export const CHAT_NS = 'chat';

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
/** The shape every locale of the chat page must fill. */
export type ChatMessages = Widen<typeof chatZhCN>;

/** Adds the chat page's labels; called by its code as it loads, so they travel in its chunk. */
export function registerChatTexts(): void {
  if (i18n.hasResourceBundle('zh-CN', CHAT_NS)) return;
  i18n.addResourceBundle('zh-CN', CHAT_NS, chatZhCN);
  i18n.addResourceBundle('en', CHAT_NS, chatEn);
}
