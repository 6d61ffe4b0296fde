/**
 * Which vision engine runs, from environment variables; unset, the best engine that is
 * configured. The DashScope and OpenAI-compatible variables are documented here, and shared with
 * the speech and chat slices.
 */
import { z } from 'zod';
import { configSlice, type DocsOf, type Env, optionalText, readSlice } from './config-slice.ts';

const VISION_ENGINES = ['embedded', 'dashscope', 'openai-compatible'] as const;
export type VisionEngineKind = (typeof VISION_ENGINES)[number];

export const DEFAULT_DASHSCOPE_BASE_URL = 'https://dashscope.aliyuncs.com/compatible-mode/v1';
const DEFAULT_VISION_MODEL = 'qwen-vl-plus';

export interface VisionConfig {
  engine: VisionEngineKind;
  dashscopeApiKey?: string;
  dashscopeBaseUrl: string;
  visionModel: string;
  openaiBaseUrl?: string;
  openaiApiKey?: string;
}

const VisionEnv = z.object({
  VISION_ENGINE: z.enum(VISION_ENGINES).optional(),
  DASHSCOPE_API_KEY: optionalText,
  DASHSCOPE_BASE_URL: optionalText.pipe(z.url().optional()),
  VISION_MODEL: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
});

export const visionConfig = configSlice({
  schema: VisionEnv,
  docs: {
    VISION_ENGINE: [
      '(auto)',
      'Image analysis engine: `embedded` (offline OCR + object detection), `dashscope` or `openai-compatible`; unset → dashscope if DASHSCOPE_API_KEY is set, else openai-compatible if OPENAI_BASE_URL is set, else embedded.',
    ],
    DASHSCOPE_API_KEY: [
      '(unset)',
      'API key of Alibaba DashScope (Qwen-VL) for the `dashscope` engine; never logged.',
    ],
    DASHSCOPE_BASE_URL: [DEFAULT_DASHSCOPE_BASE_URL, 'OpenAI-compatible base URL of DashScope.'],
    VISION_MODEL: [DEFAULT_VISION_MODEL, 'Model name sent to the `dashscope` or `openai-compatible` engine.'],
    OPENAI_BASE_URL: [
      '(unset)',
      'Base URL of an OpenAI-compatible vision API (Ollama, vLLM, llama.cpp) for the `openai-compatible` engine.',
    ],
    OPENAI_API_KEY: ['(unset)', 'Bearer key for OPENAI_BASE_URL, when that server needs one; never logged.'],
  } satisfies DocsOf<typeof VisionEnv>,
  read: (e): VisionConfig => {
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
  },
});

/** The vision config alone, or an "Invalid configuration" error (tests build engines from it). */
export const visionConfigFromEnv = (env: Env): VisionConfig => readSlice(visionConfig, env);
