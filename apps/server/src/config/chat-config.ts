/**
 * Which language model answers the AI chat, from environment variables. Qwen through DashScope's OpenAI-compatible mode with a DashScope key, else any
 * OpenAI-compatible server named by OPENAI_BASE_URL, else none: no language model ships offline.
 */
import { z } from 'zod';
import { configSlice, type DocsOf, type Env, optionalText, positiveInt, readSlice } from './config-slice.ts';
import { DEFAULT_DASHSCOPE_BASE_URL } from './vision-config.ts';

const CHAT_ENGINES = ['dashscope', 'openai-compatible', 'none'] as const;
export type ChatEngineKind = Exclude<(typeof CHAT_ENGINES)[number], 'none'>;

const DEFAULT_CHAT_MODEL = 'qwen-plus';
/** DashScope's model for questions with a photo; other servers get one only when CHAT_VISION_MODEL names it. */
const DEFAULT_DASHSCOPE_CHAT_VISION_MODEL = 'qwen-vl-plus';
const DEFAULT_CHAT_TIMEOUT_SECONDS = 30;
const DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE = 20;

export interface ChatProviderConfig {
  engine: ChatEngineKind;
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** The model sent questions with a photo; null: the vision engine describes the photo first. */
  visionModel: string | null;
}

export interface ChatConfig {
  /** null: no chat model is configured (the API answers 503, photos are still described). */
  provider: ChatProviderConfig | null;
  /** Longest wait for the model's next piece of text (first one included) before giving up. */
  timeoutMs: number;
  ratePerMinute: number;
}

const ChatEnv = z.object({
  CHAT_ENGINE: z.enum(CHAT_ENGINES).optional(),
  CHAT_MODEL: optionalText,
  CHAT_VISION_MODEL: optionalText,
  CHAT_TIMEOUT_SECONDS: positiveInt.max(600).default(DEFAULT_CHAT_TIMEOUT_SECONDS),
  CHAT_RATE_LIMIT_PER_MINUTE: positiveInt.default(DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE),
  DASHSCOPE_API_KEY: optionalText,
  DASHSCOPE_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
});

/** Throws an Error for an engine chosen without what it needs. */
function readChatConfig(e: z.output<typeof ChatEnv>): ChatConfig {
  const engine =
    e.CHAT_ENGINE ?? (e.DASHSCOPE_API_KEY ? 'dashscope' : e.OPENAI_BASE_URL ? 'openai-compatible' : 'none');
  const model = e.CHAT_MODEL ?? DEFAULT_CHAT_MODEL;
  let provider: ChatProviderConfig | null = null;
  if (engine === 'dashscope') {
    if (!e.DASHSCOPE_API_KEY) throw new Error('CHAT_ENGINE=dashscope needs DASHSCOPE_API_KEY');
    provider = {
      engine,
      baseUrl: e.DASHSCOPE_BASE_URL ?? DEFAULT_DASHSCOPE_BASE_URL,
      apiKey: e.DASHSCOPE_API_KEY,
      model,
      visionModel: e.CHAT_VISION_MODEL ?? DEFAULT_DASHSCOPE_CHAT_VISION_MODEL,
    };
  } else if (engine === 'openai-compatible') {
    if (!e.OPENAI_BASE_URL) throw new Error('CHAT_ENGINE=openai-compatible needs OPENAI_BASE_URL');
    provider = {
      engine,
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model,
      visionModel: e.CHAT_VISION_MODEL ?? null,
    };
  }
  return {
    provider,
    timeoutMs: e.CHAT_TIMEOUT_SECONDS * 1000,
    ratePerMinute: e.CHAT_RATE_LIMIT_PER_MINUTE,
  };
}

export const chatConfig = configSlice({
  schema: ChatEnv,
  docs: {
    CHAT_ENGINE: [
      '(auto)',
      'AI chat model: `dashscope` (Qwen), `openai-compatible` (Ollama, vLLM, llama.cpp server) or `none`; unset → dashscope with DASHSCOPE_API_KEY, else openai-compatible with OPENAI_BASE_URL, else none (the chat says no model is configured; photos are still described).',
    ],
    CHAT_MODEL: [DEFAULT_CHAT_MODEL, 'Chat model name sent to the chat engine.'],
    CHAT_VISION_MODEL: [
      `(${DEFAULT_DASHSCOPE_CHAT_VISION_MODEL} on dashscope)`,
      'Model for chat questions with a photo; unset on openai-compatible → the vision engine describes the photo and the chat model gets that description.',
    ],
    CHAT_TIMEOUT_SECONDS: [
      String(DEFAULT_CHAT_TIMEOUT_SECONDS),
      "Longest wait for the chat model's next piece of text (the first one included) before the answer fails with a timeout.",
    ],
    CHAT_RATE_LIMIT_PER_MINUTE: [
      String(DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE),
      'Chat questions per minute per user.',
    ],
  } satisfies DocsOf<
    typeof ChatEnv,
    'DASHSCOPE_API_KEY' | 'DASHSCOPE_BASE_URL' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY'
  >,
  read: readChatConfig,
});

/** The chat config alone, or an "Invalid configuration" error (tests point it at a fake model). */
export const chatConfigFromEnv = (env: Env): ChatConfig => readSlice(chatConfig, env);
