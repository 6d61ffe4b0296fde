import type { ChatRequest } from '@sfm/protocol/chat';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { ChatModel, ChatModelTurn } from '../../engines/chat/chat-model.ts';
import { ChatModelError } from '../../engines/chat/chat-model-error.ts';
import type { PreparedImage } from '../../engines/vision/image-pipeline.ts';
import type { VisionEngine } from '../../engines/vision/vision-engine.ts';
import { acceptUploadedImage } from '../../storage/uploaded-image.ts';
import type { Payer, PointsMeter, Reservation } from '../../metering/points-meter.ts';
import prompts from './chat-prompts.zh-CN.json' with { type: 'json' };

export interface ChatServiceDeps {
  /** null: no language model is configured; only questions with a photo can be answered. */
  model: ChatModel | null;
  /** Describes a photo for a model that cannot see it (and, with no model at all, answers). */
  vision: VisionEngine;
  logger: Logger;
  /** Each answer is reserved before it starts and charged only when it is complete. */
  meter: PointsMeter;
}

/** The system prompt written for blind and low-vision users (short first, nothing visual-only). */
export const CHAT_SYSTEM_PROMPT = prompts.system;

/** The question's photo, checked and decoded once; a refusal names the `image` field. */
function uploadedPhoto(base64: string): Promise<PreparedImage> {
  return acceptUploadedImage(base64, 'standard');
}

/** Passes the answer on; charges the reservation when it completed, releases it otherwise. */
async function* settled(pieces: AsyncGenerator<string>, reservation: Reservation): AsyncGenerator<string> {
  let complete = false;
  try {
    yield* pieces;
    complete = true;
  } finally {
    await (complete ? reservation.commit() : reservation.release());
  }
}

const FAILURES: Record<ChatModelError['kind'], () => AppError> = {
  timeout: () => new AppError(504, 'errors.chat_timeout'),
  rejected: () => new AppError(422, 'errors.chat_rejected'),
  failed: () => new AppError(502, 'errors.chat_failed'),
};

/**
 * The AI chat: one question with its context (history stays on the device) to the configured
 * model, answered piece by piece. A photo goes to a model that sees images; otherwise the vision
 * engine describes it first and the model is given that description. With no model at all, a
 * photo is still described (the vision engine works offline) and anything else is refused.
 */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  /**
   * Checks the question, reserves its points and opens its answer. Refusals (no model, a bad
   * photo, too few points) throw here, before any text; failures later are thrown by the iteration
   * as AppErrors, and the caller's abort ends it with the signal's reason after stopping the
   * upstream request. The points are charged when the answer is complete, else given back.
   */
  async answer(payer: Payer, request: ChatRequest, signal: AbortSignal): Promise<AsyncGenerator<string>> {
    const photo = request.image ? await uploadedPhoto(request.image) : null;
    if (!this.deps.model && !photo) throw new AppError(503, 'errors.chat_unavailable');
    // with no language model the vision engine alone answers: it is metered as what it is
    const reservation = await this.deps.meter.reserve(payer, this.deps.model ? 'text' : 'vision');
    return settled(this.pieces(request, photo, signal), reservation);
  }

  private async *pieces(
    request: ChatRequest,
    photo: PreparedImage | null,
    signal: AbortSignal,
  ): AsyncGenerator<string> {
    const { model, logger } = this.deps;
    const question = request.messages.at(-1)?.content ?? '';
    const description = photo && !model?.seesImages ? await this.describe(photo, question, signal) : null;
    if (!model) {
      yield description ?? '';
      return;
    }
    const turns: ChatModelTurn[] = [
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      ...request.messages.map((m) => ({ role: m.role, content: m.content })),
    ];
    const last = turns.at(-1);
    if (last && description) {
      last.content = `${last.content}\n\n${prompts.photoDescription.replace('{{description}}', description)}`;
    }
    const started = Date.now();
    try {
      yield* model.stream({ turns, image: model.seesImages ? photo?.jpeg : undefined, signal });
    } catch (err) {
      if (signal.aborted) throw err;
      if (!(err instanceof ChatModelError)) throw err;
      logger.warn(
        {
          engine: model.name,
          kind: err.kind,
          status: err.status,
          ms: Date.now() - started,
          err: err.message,
        },
        'chat answer failed',
      );
      throw FAILURES[err.kind]();
    }
  }

  /** The vision engine's description of the photo, read as an answer to the user's question. */
  private async describe(photo: PreparedImage, question: string, signal: AbortSignal): Promise<string> {
    const { vision, logger } = this.deps;
    try {
      const result = await vision.analyze({
        image: photo.jpeg,
        pixels: photo.pixels,
        scenario: 'qa',
        prompt: question,
        signal,
      });
      return result.description;
    } catch (err) {
      if (signal.aborted) throw err;
      logger.warn(
        { engine: vision.name, err: err instanceof Error ? err.message : String(err) },
        'chat photo description failed',
      );
      throw new AppError(502, 'errors.vision_failed');
    }
  }
}
