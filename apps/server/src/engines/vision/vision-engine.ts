/**
 * The vision engine contract the server uses for /api/vision/analyze, and the factory that picks
 * an implementation from configuration.
 */
import type { Scenario } from '@sfm/protocol';
import { EmbeddedVisionEngine } from './embedded/embedded-vision-engine.ts';
import { OpenAiCompatibleVisionEngine } from './openai-compatible-vision-engine.ts';
import type { VisionConfig } from './vision-config.ts';

export { visionConfigFromEnv, type VisionConfig } from './vision-config.ts';
export { VisionEngineError } from './vision-errors.ts';
export { InvalidImageError } from './prepare-image.ts';

export interface VisionRequest {
  /** JPEG or PNG bytes. */
  image: Buffer;
  scenario: Scenario;
  /** The user's question (qa, question, dialogue) or an extra instruction. */
  prompt?: string;
  signal?: AbortSignal;
}

export interface VisionResult {
  /** Spoken-style Chinese text, ready for TTS. */
  description: string;
}

export interface VisionEngine {
  readonly name: string;
  /** Loads models / checks configuration once; later analyses reuse what it loaded. */
  warmUp(): Promise<void>;
  analyze(req: VisionRequest): Promise<VisionResult>;
  close(): Promise<void>;
}

export function createVisionEngine(config: VisionConfig): VisionEngine {
  switch (config.engine) {
    case 'embedded':
      return new EmbeddedVisionEngine();
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
