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

/** drizzle's "Failed query: …\nparams: a,b" line: the values of a query, never its shape. */
const QUERY_PARAMS = /^params: .*$/gm;

const withoutParams = (text: string) => text.replace(QUERY_PARAMS, 'params: [redacted]');

/**
 * Errors as pino writes them, less the values a failed query carried (a phone, a token's hash, a
 * code): its SQL says what failed, its parameters are users' data.
 */
function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  delete out.params;
  for (const key of ['message', 'stack'] as const) {
    const text = out[key];
    if (typeof text === 'string') out[key] = withoutParams(text);
  }
  return out;
}

/**
 * The process logger. Request bodies are never logged (Fastify's serializers leave them out); the
 * redaction is the second fence for credentials that could reach a log through headers.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { req: serializeRequest, err: serializeError },
      hooks: {
        // `logger.error(err)` makes the error's message the line's msg, past the serializer
        logMethod(args, method) {
          const [first] = args;
          if (args.length === 1 && first instanceof Error) {
            return method.call(this, first, withoutParams(first.message));
          }
          return method.apply(this, args);
        },
      },
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
