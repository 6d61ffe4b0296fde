import type { SpeechConfig } from '../../config/speech-config.ts';
import { DashScopeRecognizer } from './dashscope-recognizer.ts';
import { OpenAiCompatibleRecognizer } from './openai-compatible-recognizer.ts';
import type { SpeechRecognizer } from './speech-recognizer.ts';

/** Picks the speech recognizer from configuration; null when none is configured (recognition is unavailable). */
export function createRecognizer(config: SpeechConfig): SpeechRecognizer | null {
  const { asr, dashscope, openai } = config;
  switch (asr.engine) {
    case 'dashscope':
      return dashscope.apiKey
        ? new DashScopeRecognizer({ apiKey: dashscope.apiKey, wsUrl: dashscope.wsUrl, model: asr.model })
        : null;
    case 'openai-compatible':
      return openai.baseUrl
        ? new OpenAiCompatibleRecognizer({ baseUrl: openai.baseUrl, apiKey: openai.apiKey, model: asr.model })
        : null;
    case null:
      return null;
  }
}
