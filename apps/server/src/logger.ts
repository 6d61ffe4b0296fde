import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

/**
 * Requests are logged by path only: query strings can carry credentials (the signed `sig` of an
 * image URL), and nothing a log reader needs is in them.
 */
function serializeRequest(req: LoggedRequest): LoggedRequest {
  return { method: req.method, url: req.url?.split('?')[0], ip: req.ip };
}

/**
 * The process logger. Request bodies are never logged (Fastify's serializers leave them out); the
 * redaction is the second fence for credentials that could reach a log through headers.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { req: serializeRequest },
      redact: {
        paths: [
          'req.headers.token',
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.token',
          'headers.authorization',
          '*.password',
          '*.refreshToken',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
