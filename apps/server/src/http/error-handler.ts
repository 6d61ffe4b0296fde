import { localeFromAcceptLanguage, translateMessage } from '@sfm/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { drainRefusedBody } from './drain-body.ts';

/** Sends the spec's error envelope; `data.error` is the key without its "errors." namespace. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  const { retryAfterSeconds, field } = error.details;
  if (retryAfterSeconds !== undefined) void reply.header('Retry-After', String(retryAfterSeconds));
  return reply.code(error.status).send({
    code: error.status,
    message: translateMessage(error.key, locale, error.params),
    data: { error: error.key.replace(/^errors\./, ''), ...(field !== undefined && { field }) },
  });
}

/** Fastify's own 4xx errors (body parsing, content type) in catalogue terms. */
function fromFrameworkError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'errors.body_too_large');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'errors.body_invalid_json');
  }
  // the JSON parser's SyntaxError arrives with statusCode 400 and no Fastify code
  if (err instanceof SyntaxError && err.statusCode === 400)
    return new AppError(400, 'errors.body_invalid_json');
  const status = err.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new AppError(status, 'errors.validation');
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof AppError) return sendError(request, reply, err);
    const known = fromFrameworkError(err);
    if (known?.key === 'errors.body_too_large') await drainRefusedBody(request.raw);
    if (known) return sendError(request, reply, known);
    if (isDatabaseUnavailable(err)) {
      // expected while PostgreSQL restarts: one line without a stack, and the client retries
      request.log.warn({ reason: err.message }, 'database unavailable');
      return sendError(request, reply, databaseUnavailable());
    }
    // the stack goes to the log only: an answer never reveals the server's insides
    request.log.error({ err }, 'unhandled error');
    return sendError(request, reply, new AppError(500, 'errors.internal'));
  });
}

export const notFoundError = (): AppError => new AppError(404, 'errors.not_found');
