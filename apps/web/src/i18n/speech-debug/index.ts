import { textNamespace } from '../namespace.ts';
import { speechDebugEn } from './en.ts';
import { speechDebugZhCN } from './zh-CN.ts';

/** The speech debugging page: `useTranslation(SPEECH_DEBUG_NS)`. */
export const SPEECH_DEBUG_NS = textNamespace('speech-debug', speechDebugZhCN, speechDebugEn);
