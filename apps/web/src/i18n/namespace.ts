import { i18n } from './index.ts';
import type { Texts } from './texts.ts';

/**
 * The one way a feature's texts load: as an i18next namespace of their own, added when the module
 * that names it is first evaluated. Every component translating with it imports that name
 * (`useTranslation(CALLS_NS)`), so the texts travel in the chunks of the code that shows them — a
 * feature's pages, its personal-centre section, its back-office page — and are there before that
 * code first renders; the app's first download carries only the shell's (../zh-CN.ts). Both
 * languages come with the chunk: a feature's English is small, and a language switch then needs no
 * download per namespace.
 */
export function textNamespace<T>(name: string, zhCN: T, en: Texts<NoInfer<T>>): string {
  i18n.addResourceBundle('zh-CN', name, zhCN);
  i18n.addResourceBundle('en', name, en);
  return name;
}
