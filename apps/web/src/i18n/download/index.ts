import { textNamespace } from '../namespace.ts';
import { downloadEn } from './en.ts';
import { downloadZhCN } from './zh-CN.ts';

/** The download page's and the update prompt's texts: `useTranslation(DOWNLOAD_NS)`. */
export const DOWNLOAD_NS = textNamespace('download', downloadZhCN, downloadEn);
