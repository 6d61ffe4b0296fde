import type { Logger } from 'pino';
import type { SpeechConfig } from '../../config/speech-config.ts';
import { DashScopeSynthesizer } from './dashscope-synthesizer.ts';
import { EmbeddedSynthesizer } from './embedded-synthesizer.ts';
import type { SpeechSynthesizer } from './speech-synthesizer.ts';

/** Picks the speech synthesizer from configuration: CosyVoice with a DashScope key, else the embedded espeak-ng. */
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
