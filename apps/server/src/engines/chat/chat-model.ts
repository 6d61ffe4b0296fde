/** The language model contract of the AI chat (create-chat-model.ts picks one from configuration). */
import type { ChatCapability } from '@sfm/protocol/chat';

/** One turn as the model is sent it. The photo, when there is one, belongs to the last user turn. */
export interface ChatModelTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatModelRequest {
  /** System prompt first, then the context, oldest first; the last turn is the user's question. */
  turns: ChatModelTurn[];
  /** The question's photo as JPEG, for a model that sees images (`seesImages`). */
  image?: Buffer;
  /** The caller's cancellation (the user pressed stop, or left): the upstream request is aborted. */
  signal: AbortSignal;
}

export interface ChatModel {
  /** Names the engine in logs and capabilities. */
  readonly name: 'dashscope' | 'openai-compatible';
  /** Whether a photo can be sent to the model itself; otherwise the vision engine describes it first. */
  readonly seesImages: boolean;
  /**
   * The answer as the model writes it, piece by piece. Throws ChatModelError on a provider failure
   * or timeout; when the caller's signal aborts, it stops with the signal's reason.
   */
  stream(request: ChatModelRequest): AsyncIterable<string>;
}

/** What GET /api/capabilities says of the chat engine. */
export const chatCapability = (model: ChatModel | null): ChatCapability => ({
  engine: model?.name ?? null,
  vision: model?.seesImages ?? false,
});
