import { z } from 'zod';
import { base64Field } from './base64.ts';
import { ChatCapability } from './chat.ts';

/** Single-shot recognition (spec §7 POST /api/speech/recognize). */
export const RecognizeRequest = z.strictObject({
  audio: base64Field('errors.audio_invalid'),
  filename: z.string().trim().min(1).max(200),
});
export type RecognizeRequest = z.infer<typeof RecognizeRequest>;
export const RecognizeResponse = z.object({ text: z.string() });
export type RecognizeResponse = z.infer<typeof RecognizeResponse>;
export { DECODE_ERROR } from './plain.ts';

/** Speech synthesis options (spec §3). */
export const SynthesisOptions = z.object({
  voice: z.string().max(64).optional(),
  format: z.literal('mp3').default('mp3'),
  sampleRate: z.literal(22050).default(22050),
  volume: z.number().min(0).max(100).default(50),
  rate: z.number().min(0.5).max(3).default(1),
  pitch: z.number().min(0.5).max(2).default(1),
  textType: z.literal('PlainText').default('PlainText'),
});
export type SynthesisOptions = z.infer<typeof SynthesisOptions>;

export const SocketAuth = z.object({
  token: z.string().optional(),
  deviceId: z.string().optional(),
  userType: z.enum(['registered', 'temporary']).optional(),
});
export type SocketAuth = z.infer<typeof SocketAuth>;

export { SOCKET_HEARTBEAT_MS, SPEECH_RECOGNITION_NAMESPACE, SPEECH_SYNTHESIS_NAMESPACE } from './plain.ts';

/** /speech-synthesis: what the client emits. */
export const SynthesisClientEvents = {
  heartbeat: z.undefined().or(z.object({}).passthrough()),
  startSynthesis: z.object({ options: SynthesisOptions.partial().default({}) }),
  synthesizeText: z.object({ text: z.string().max(20_000) }),
  stopSynthesis: z.undefined().or(z.object({}).passthrough()),
};
/** /speech-synthesis: what the server emits. */
export const SynthesisServerEvents = {
  synthesisStarted: z.object({}).passthrough(),
  audioGenerated: z.object({ audioData: z.string() }),
  heartbeatAck: z.object({}).passthrough(),
  error: z.object({ message: z.string() }),
};

export const RecognitionOptions = z.object({
  format: z.literal('pcm').default('pcm'),
  sampleRate: z.literal(16000).default(16000),
  enablePunctuation: z.boolean().default(true),
  enableInverseText: z.boolean().default(false),
  language: z.literal('zh').default('zh'),
});
export type RecognitionOptions = z.infer<typeof RecognitionOptions>;

/** /speech: what the client emits. */
export const RecognitionClientEvents = {
  heartbeat: z.undefined().or(z.object({}).passthrough()),
  startRecognition: z.object({ options: RecognitionOptions.partial().default({}) }),
  sendAudioData: z.object({ audioData: z.string(), format: z.literal('pcm') }),
  stopRecognition: z.undefined().or(z.object({}).passthrough()),
};
const TextEvent = z.object({ text: z.string() });
/** /speech: what the server emits. */
export const RecognitionServerEvents = {
  connected: z.object({}).passthrough(),
  disconnected: z.object({}).passthrough(),
  recognitionStarted: z.object({}).passthrough(),
  resultChanged: TextEvent,
  resultCompleted: TextEvent,
  taskStarted: z.object({}).passthrough(),
  taskCompleted: z.object({}).passthrough(),
  taskFailed: z.object({ message: z.string() }),
  recognitionStopped: z.object({}).passthrough(),
  error: z.object({ message: z.string() }),
};

/** What this server can do (GET /api/capabilities): the client picks its engines from it. */
export const Capabilities = z.object({
  vision: z.object({ engine: z.enum(['embedded', 'dashscope', 'openai-compatible']) }),
  tts: z.object({ engine: z.enum(['embedded', 'dashscope']), voices: z.array(z.string()) }),
  asr: z.object({
    engine: z.enum(['dashscope', 'openai-compatible']).nullable(),
    realtime: z.boolean(),
    singleShot: z.boolean(),
  }),
  chat: ChatCapability,
});
export type Capabilities = z.infer<typeof Capabilities>;
