/**
 * The AI chat (陪我聊聊, spec §1, §3, §9): what the web sends to POST /api/chat/stream and the
 * server-sent events it streams back. History lives on the device; the server sees only the
 * context of one question.
 */
import { z } from 'zod';
import { base64Field } from './base64.ts';
import { defineEndpoints } from './endpoint.ts';
import { MAX_IMAGE_BASE64_CHARS } from './vision.ts';

/** Spec §9: the device keeps at most this many messages. */
export const CHAT_HISTORY_LIMIT = 100;
/** Spec §3/§9: messages sent as context (the last ones, the streaming answer left out). */
export const CHAT_CONTEXT_MESSAGES = 10;
/** Spec §9: the chat's image helper resizes photos to this longest side, at this JPEG quality. */
export const CHAT_IMAGE = { maxSide: 800, quality: 0.7 } as const;
/** Longest single message the server accepts (a long pasted letter fits). */
export const CHAT_MESSAGE_MAX_CHARS = 8000;

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatTurn = z.strictObject({
  role: ChatRole,
  content: z.string().max(CHAT_MESSAGE_MAX_CHARS, { error: 'errors.prompt_too_long' }),
});
export type ChatTurn = z.infer<typeof ChatTurn>;

export const ChatRequest = z.strictObject({
  /** The context, oldest first; the last one is the user's new question. */
  messages: z
    .array(ChatTurn)
    .min(1)
    .max(CHAT_CONTEXT_MESSAGES)
    .refine((m) => m.at(-1)?.role === 'user' && m.at(-1)?.content.trim() !== '', {
      error: 'errors.chat_question_required',
    }),
  /** The question's photo (base64 JPEG/PNG/WebP), when one is attached. */
  image: base64Field('errors.image_invalid', {
    maxChars: MAX_IMAGE_BASE64_CHARS,
    tooLarge: 'errors.image_too_large',
  }).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/**
 * One server-sent event of the answer (`data: {json}` lines): pieces of text as the model writes
 * them, then `done` — or `error` with the catalogue's message once the stream has started.
 */
export const ChatStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), code: z.number().int(), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;

/** What GET /api/capabilities says of the chat: which model answers, and whether it sees photos itself. */
export const ChatCapability = z.object({
  /** null: no language model is configured (photos are still described by the vision engine). */
  engine: z.enum(['dashscope', 'openai-compatible']).nullable(),
  vision: z.boolean(),
});
export type ChatCapability = z.infer<typeof ChatCapability>;

/** The chat's streamed endpoint (its `data` is one event: the answer is a stream of them). */
export const chatEndpoints = defineEndpoints({
  chatStream: {
    method: 'POST',
    path: '/api/chat/stream',
    access: 'user',
    body: ChatRequest,
    data: ChatStreamEvent,
  },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    chat: typeof chatEndpoints;
  }
}
