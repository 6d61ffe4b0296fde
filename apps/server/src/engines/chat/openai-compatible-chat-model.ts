/**
 * The chat through any OpenAI-compatible chat-completions API, with the `openai` SDK: DashScope's
 * compatible mode (Qwen) and self-hosted servers (Ollama, vLLM, llama.cpp server). Answers stream
 * (`stream: true`); a photo goes to the vision model as an `image_url` data URL part.
 */
import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatModel, ChatModelRequest, ChatModelTurn } from './chat-model.ts';
import { ChatModelError } from './chat-model-error.ts';
import { IdleDeadline } from './idle-deadline.ts';

export interface OpenAiCompatibleChatOptions {
  name: ChatModel['name'];
  /** e.g. https://dashscope.aliyuncs.com/compatible-mode/v1 (the SDK appends /chat/completions). */
  baseUrl: string;
  /** Optional: local servers often need none. */
  apiKey: string | undefined;
  model: string;
  /** The model for a question with a photo; null when the provider has none. */
  visionModel: string | null;
  /** Longest wait for the first piece of the answer and between pieces. */
  timeoutMs: number;
}

/** HTTP statuses with which a provider refuses this particular request (the user can rephrase). */
const REJECTED_STATUSES = new Set([400, 413, 422]);

export class OpenAiCompatibleChatModel implements ChatModel {
  readonly name: ChatModel['name'];
  readonly seesImages: boolean;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiCompatibleChatOptions) {
    this.name = options.name;
    this.seesImages = options.visionModel !== null;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // the SDK insists on a key; without one no Authorization header is sent at all
      apiKey: options.apiKey ?? 'unused',
      ...(!options.apiKey && { defaultHeaders: { authorization: null } }),
      // a retry would replay a question the user is waiting on: the user retries instead
      maxRetries: 0,
      // our own deadline counts from the last piece (a long answer may stream for minutes)
      timeout: 24 * 3600_000,
    });
  }

  async *stream(request: ChatModelRequest): AsyncGenerator<string> {
    const deadline = new IdleDeadline(this.options.timeoutMs);
    const signal = AbortSignal.any([request.signal, deadline.signal]);
    const withPhoto = request.image !== undefined && this.options.visionModel !== null;
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: withPhoto && this.options.visionModel ? this.options.visionModel : this.options.model,
          stream: true,
          messages: request.turns.map((turn, i) =>
            withPhoto && request.image && i === request.turns.length - 1
              ? withImage(turn, request.image)
              : (turn as ChatCompletionMessageParam),
          ),
        },
        { signal },
      );
      let answered = false;
      for await (const chunk of stream) {
        deadline.restart();
        const piece = chunk.choices?.[0]?.delta?.content;
        if (!piece) continue;
        answered = true;
        yield piece;
      }
      // the SDK ends the iteration quietly on an abort: it is still a stop, not an answer
      signal.throwIfAborted();
      // a stream without a word (a proxy's error page, a broken provider) is no answer to charge for
      if (!answered) throw new ChatModelError('failed', 'chat provider sent no answer');
    } catch (err) {
      throw translateFailure(err, request.signal, deadline.signal);
    } finally {
      deadline.clear();
    }
  }
}

function withImage(turn: ChatModelTurn, jpeg: Buffer): ChatCompletionMessageParam {
  return {
    role: 'user',
    content: [
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
      { type: 'text', text: turn.content },
    ],
  };
}

/** The caller's abort passes through as it is; everything else becomes a ChatModelError. */
function translateFailure(err: unknown, caller: AbortSignal, deadline: AbortSignal): unknown {
  if (caller.aborted) return caller.reason ?? err;
  if (err instanceof ChatModelError) return err;
  if (deadline.aborted)
    return new ChatModelError('timeout', 'chat provider timed out', undefined, { cause: err });
  // a fetch failure names host and port only, never headers or body
  if (err instanceof APIConnectionError)
    return new ChatModelError('failed', 'chat provider unreachable', undefined, { cause: err });
  if (err instanceof APIError && typeof err.status === 'number') {
    const kind = REJECTED_STATUSES.has(err.status) ? 'rejected' : 'failed';
    // the provider's own message may quote the prompt: the status alone goes to the log
    return new ChatModelError(kind, `chat provider answered HTTP ${err.status}`, err.status);
  }
  if (err instanceof APIError) {
    // a stream that broke off or carried an error event (the SDK's message names no secret)
    return new ChatModelError('failed', `chat provider failed: ${err.message}`, undefined, { cause: err });
  }
  return new ChatModelError('failed', 'chat provider failed', undefined, { cause: err });
}
