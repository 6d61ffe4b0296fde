/**
 * Which speech engines run, from environment variables. TTS: CosyVoice with a DashScope key, else the embedded espeak-ng. ASR: Paraformer with a
 * DashScope key, else an OpenAI-compatible transcription server if one is named, else none.
 */
import { z } from 'zod';
import { configSlice, type DocsOf, optionalText, positiveInt, readSlice } from './config-slice.ts';

const DEFAULT_DASHSCOPE_WS_URL = 'wss://dashscope.aliyuncs.com/api-ws/v1/inference/';
const DEFAULT_DASHSCOPE_ASR_MODEL = 'paraformer-realtime-v2';
const DEFAULT_OPENAI_ASR_MODEL = 'whisper-1';
const DEFAULT_TTS_MODEL = 'cosyvoice-v2';
const DEFAULT_TTS_VOICE = 'longxiaochun_v2';

const TTS_ENGINES = ['embedded', 'dashscope'] as const;
const ASR_ENGINES = ['dashscope', 'openai-compatible', 'none'] as const;

export interface SpeechConfig {
  tts: { engine: (typeof TTS_ENGINES)[number]; model: string; voice: string; workers: number | undefined };
  asr: { engine: 'dashscope' | 'openai-compatible' | null; model: string };
  dashscope: { apiKey: string | undefined; wsUrl: string };
  openai: { baseUrl: string | undefined; apiKey: string | undefined };
  ttsRateLimitPerMinute: number;
  asrRateLimitPerMinute: number;
}

const SpeechEnv = z.object({
  TTS_ENGINE: z.enum(TTS_ENGINES).optional(),
  TTS_MODEL: optionalText,
  TTS_VOICE: optionalText,
  TTS_WORKERS: positiveInt.max(64).optional(),
  TTS_RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
  ASR_ENGINE: z.enum(ASR_ENGINES).optional(),
  ASR_MODEL: optionalText,
  ASR_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  DASHSCOPE_API_KEY: optionalText,
  DASHSCOPE_WS_URL: optionalText.pipe(z.url({ protocol: /^wss?$/ }).optional()),
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_ASR_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
});

/** Throws an Error for an engine chosen without what it needs. */
function readSpeechConfig(e: z.output<typeof SpeechEnv>): SpeechConfig {
  const openaiAsrUrl = e.OPENAI_ASR_BASE_URL ?? e.OPENAI_BASE_URL;
  const tts = e.TTS_ENGINE ?? (e.DASHSCOPE_API_KEY ? 'dashscope' : 'embedded');
  if (tts === 'dashscope' && !e.DASHSCOPE_API_KEY)
    throw new Error('TTS_ENGINE=dashscope needs DASHSCOPE_API_KEY');
  const asrChoice =
    e.ASR_ENGINE ?? (e.DASHSCOPE_API_KEY ? 'dashscope' : openaiAsrUrl ? 'openai-compatible' : 'none');
  if (asrChoice === 'dashscope' && !e.DASHSCOPE_API_KEY)
    throw new Error('ASR_ENGINE=dashscope needs DASHSCOPE_API_KEY');
  if (asrChoice === 'openai-compatible' && !openaiAsrUrl) {
    throw new Error('ASR_ENGINE=openai-compatible needs OPENAI_ASR_BASE_URL or OPENAI_BASE_URL');
  }
  const asr = asrChoice === 'none' ? null : asrChoice;
  return {
    tts: {
      engine: tts,
      model: e.TTS_MODEL ?? DEFAULT_TTS_MODEL,
      voice: e.TTS_VOICE ?? DEFAULT_TTS_VOICE,
      workers: e.TTS_WORKERS,
    },
    asr: {
      engine: asr,
      model:
        e.ASR_MODEL ?? (asr === 'openai-compatible' ? DEFAULT_OPENAI_ASR_MODEL : DEFAULT_DASHSCOPE_ASR_MODEL),
    },
    dashscope: { apiKey: e.DASHSCOPE_API_KEY, wsUrl: e.DASHSCOPE_WS_URL ?? DEFAULT_DASHSCOPE_WS_URL },
    openai: { baseUrl: openaiAsrUrl, apiKey: e.OPENAI_API_KEY },
    ttsRateLimitPerMinute: e.TTS_RATE_LIMIT_PER_MINUTE,
    asrRateLimitPerMinute: e.ASR_RATE_LIMIT_PER_MINUTE,
  };
}

export const speechConfig = configSlice({
  schema: SpeechEnv,
  docs: {
    TTS_ENGINE: [
      '(auto)',
      'Speech synthesis: `embedded` (offline espeak-ng, voice cmn) or `dashscope` (CosyVoice); unset → dashscope if DASHSCOPE_API_KEY is set, else embedded.',
    ],
    TTS_MODEL: [DEFAULT_TTS_MODEL, 'CosyVoice model of the `dashscope` speech synthesis.'],
    TTS_VOICE: [DEFAULT_TTS_VOICE, 'Default CosyVoice voice (a client may ask for another).'],
    TTS_WORKERS: [
      '(CPU count)',
      'Worker threads of the embedded speech synthesis, each with its own espeak-ng (at most 8 by default).',
    ],
    TTS_RATE_LIMIT_PER_MINUTE: [
      '120',
      'Texts per minute each user or device may have spoken on /speech-synthesis.',
    ],
    ASR_ENGINE: [
      '(auto)',
      'Speech recognition: `dashscope` (Paraformer realtime), `openai-compatible` (Whisper-style server) or `none`; unset → dashscope with DASHSCOPE_API_KEY, else openai-compatible with OPENAI_ASR_BASE_URL/OPENAI_BASE_URL, else none (the server says recognition is unavailable).',
    ],
    ASR_MODEL: [
      '(per engine)',
      `Recognition model: \`${DEFAULT_DASHSCOPE_ASR_MODEL}\` for dashscope, \`${DEFAULT_OPENAI_ASR_MODEL}\` for openai-compatible.`,
    ],
    OPENAI_ASR_BASE_URL: [
      '(OPENAI_BASE_URL)',
      'Base URL of an OpenAI-compatible `/audio/transcriptions` server, when not the vision server.',
    ],
    ASR_RATE_LIMIT_PER_MINUTE: [
      '30',
      'Recognitions (uploads and realtime starts) per minute per user or device.',
    ],
    DASHSCOPE_WS_URL: [
      DEFAULT_DASHSCOPE_WS_URL,
      'DashScope speech websocket (CosyVoice, Paraformer); the international endpoint or a test server.',
    ],
  } satisfies DocsOf<typeof SpeechEnv, 'DASHSCOPE_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY'>,
  read: readSpeechConfig,
});

/** The speech config nothing is set for (tests start from it). */
export const defaultSpeechConfig = (): SpeechConfig => readSlice(speechConfig, {});
