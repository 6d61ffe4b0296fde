import type { VisionConfig } from '../../config/vision-config.ts';
import { embeddedVisionConcurrency, withConcurrencyLimit } from './concurrency-limit.ts';
import { EmbeddedVisionEngine } from './embedded/embedded-vision-engine.ts';
import { OpenAiCompatibleVisionEngine } from './openai-compatible-vision-engine.ts';
import { withSharedWarmUp } from './shared-warm-up.ts';
import type { VisionEngine } from './vision-engine.ts';

/**
 * Picks the vision engine from configuration (VISION_ENGINE and the keys beside it), with one
 * warm-up shared by the start and every analysis.
 */
export function createVisionEngine(config: VisionConfig): VisionEngine {
  return withSharedWarmUp(chosen(config));
}

function chosen(config: VisionConfig): VisionEngine {
  switch (config.engine) {
    case 'embedded':
      // a cloud engine serves many requests at once; this one shares the server's own cores
      return withConcurrencyLimit(new EmbeddedVisionEngine(), embeddedVisionConcurrency());
    case 'dashscope':
      return new OpenAiCompatibleVisionEngine({
        name: 'dashscope',
        baseUrl: config.dashscopeBaseUrl,
        apiKey: config.dashscopeApiKey,
        model: config.visionModel,
      });
    case 'openai-compatible':
      if (!config.openaiBaseUrl) throw new Error('openai-compatible vision engine needs openaiBaseUrl');
      return new OpenAiCompatibleVisionEngine({
        name: 'openai-compatible',
        baseUrl: config.openaiBaseUrl,
        apiKey: config.openaiApiKey,
        model: config.visionModel,
      });
  }
}
