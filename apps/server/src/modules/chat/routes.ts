import { translateMessage, type Locale } from '@sfm/protocol';
import { chatEndpoints, type ChatStreamEvent } from '@sfm/protocol/chat';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import { rateLimitKey } from '../../http/identity.ts';
import type { Router } from '../../http/router.ts';
import type { ChatService } from './service.ts';

/** The answer's pieces as the protocol's events: text, then done, or the catalogue's error message. */
async function* events(
  pieces: AsyncIterable<string>,
  locale: Locale,
  signal: AbortSignal,
  logger: Logger,
): AsyncGenerator<ChatStreamEvent> {
  try {
    for await (const text of pieces) yield { type: 'delta', text };
    yield { type: 'done' };
  } catch (err) {
    // the client left: there is nobody to tell
    if (signal.aborted) throw err;
    const known = err instanceof AppError ? err : new AppError(500, 'errors.internal');
    if (!(err instanceof AppError)) logger.error({ err }, 'chat stream failed');
    yield { type: 'error', code: known.status, message: translateMessage(known.key, locale, known.params) };
  }
}

/** POST /api/chat/stream: one question, its answer as server-sent events. */
export function registerChatRoutes(
  router: Router,
  service: ChatService,
  ratePerMinute: number,
  logger: Logger,
): void {
  router.stream(
    chatEndpoints.chatStream,
    async ({ body, identity, locale, signal }) =>
      events(
        await service.answer({ kind: 'user', id: identity.userId }, body, signal),
        locale,
        signal,
        logger,
      ),
    { rateLimits: [{ bucket: 'chat', limit: ratePerMinute, key: (r) => rateLimitKey(r.identity) }] },
  );
}
