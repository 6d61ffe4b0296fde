import { textNamespace } from '../namespace.ts';
import { channelDocumentEn } from './en.ts';
import { channelDocumentZhCN } from './zh-CN.ts';

/** The document channel's texts (its hints, its reading and the saved documents of the personal centre). */
export const CHANNEL_DOCUMENT_NS = textNamespace('channel-document', channelDocumentZhCN, channelDocumentEn);
