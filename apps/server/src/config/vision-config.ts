/**
 * Which vision engine runs, from environment variables. The server's config maps the environment
 * through `visionConfigFromEnv`; defaults pick the best engine that is configured.
 */
import { z } from 'zod';
import { optionalText } from './config-slice.ts';

const VISION_ENGINES = ['embedded', 'dashscope', 'openai-compatible'] as const;
export type VisionEngineKind = (typeof VISION_ENGINES)[number];

export const DEFAULT_DASHSCOPE_BASE_URL = 'https://dashscope.aliyuncs.com/compatible-mode/v1';
export const DEFAULT_VISION_MODEL = 'qwen-vl-plus';

export interface VisionConfig {
  engine: VisionEngineKind;
  dashscopeApiKey?: string;
  dashscopeBaseUrl: string;
  visionModel: string;
  openaiBaseUrl?: string;
  openaiApiKey?: string;
}

const VisionEnv = z.object({
  VISION_ENGINE: z
    .enum(VISION_ENGINES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DASHSCOPE_API_KEY: optionalText,
  DASHSCOPE_BASE_URL: optionalText.pipe(z.url().optional()),
  VISION_MODEL: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
});

/** Parses VISION_ENGINE, DASHSCOPE_API_KEY, DASHSCOPE_BASE_URL, VISION_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY. */
export function visionConfigFromEnv(env: Record<string, string | undefined>): VisionConfig {
  const e = VisionEnv.parse(env);
  const engine: VisionEngineKind =
    e.VISION_ENGINE ??
    (e.DASHSCOPE_API_KEY ? 'dashscope' : e.OPENAI_BASE_URL ? 'openai-compatible' : 'embedded');
  if (engine === 'dashscope' && !e.DASHSCOPE_API_KEY) {
    throw new Error('VISION_ENGINE=dashscope needs DASHSCOPE_API_KEY');
  }
  if (engine === 'openai-compatible' && !e.OPENAI_BASE_URL) {
    throw new Error('VISION_ENGINE=openai-compatible needs OPENAI_BASE_URL');
  }
  return {
    engine,
    dashscopeApiKey: e.DASHSCOPE_API_KEY,
    dashscopeBaseUrl: e.DASHSCOPE_BASE_URL ?? DEFAULT_DASHSCOPE_BASE_URL,
    visionModel: e.VISION_MODEL ?? DEFAULT_VISION_MODEL,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiApiKey: e.OPENAI_API_KEY,
  };
}
