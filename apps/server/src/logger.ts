import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/**
 * The process logger. Request bodies are never logged (Fastify's serializers leave them out); the
 * redaction is the second fence for credentials that could reach a log through headers.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
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
