import type { Logger } from 'pino';
import { DashScopeRecognizer } from '../../engines/asr/dashscope-recognizer.ts';
import { OpenAiCompatibleRecognizer } from '../../engines/asr/openai-compatible-recognizer.ts';
import type { SpeechRecognizer } from '../../engines/asr/speech-recognizer.ts';
import { DashScopeSynthesizer } from '../../engines/tts/dashscope-synthesizer.ts';
import { EmbeddedSynthesizer } from '../../engines/tts/embedded-synthesizer.ts';
import type { SpeechSynthesizer } from '../../engines/tts/speech-synthesizer.ts';
import type { SpeechConfig } from './speech-config.ts';

export function createSynthesizer(config: SpeechConfig, logger: Logger): SpeechSynthesizer {
  const { tts, dashscope } = config;
  if (tts.engine === 'dashscope' && dashscope.apiKey) {
    return new DashScopeSynthesizer({
      apiKey: dashscope.apiKey,
      wsUrl: dashscope.wsUrl,
      model: tts.model,
      voice: tts.voice,
    });
  }
  return new EmbeddedSynthesizer({
    workers: tts.workers,
    onWorkerError: (err) => logger.error({ err }, 'speech synthesis worker failed'),
  });
}

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
