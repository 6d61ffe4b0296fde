import {
  localeFromAcceptLanguage,
  translateMessage,
  type Endpoint,
  type Locale,
  type MessageKey,
  isMessageKey,
} from '@sfm/protocol';
import { once } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../app-error.ts';
import { nulTextPath } from './nul-text.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { IdentityFor, IdentityResolver } from './identity.ts';

type BodyOf<E extends Endpoint> = E extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
type QueryOf<E extends Endpoint> = E extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;

/** What a handler receives: validated input, the caller's identity, and nothing of Fastify. */
export interface RouteRequest<E extends Endpoint> {
  body: BodyOf<E>;
  query: QueryOf<E>;
  identity: IdentityFor<E['access']>;
  ip: string;
  locale: Locale;
  /** Aborts when the client goes away before the answer is sent (long work can stop early). */
  signal: AbortSignal;
}

/** A handler that has its answer at hand returns it; one that waits for it returns the promise. */
export type RouteHandler<E extends Endpoint> = (
  request: RouteRequest<E>,
) => z.input<E['data']> | Promise<z.input<E['data']>>;

/** A streamed answer: checks and refusals first (thrown), then the events, one per `data` schema. */
export type StreamHandler<E extends Endpoint> = (
  request: RouteRequest<E>,
) => Promise<AsyncIterable<z.input<E['data']>>>;

/** One limit checked before the handler runs, e.g. "10 a minute per phone". */
export interface RateLimitRule<E extends Endpoint> {
  bucket: string;
  limit: number;
  key: (request: RouteRequest<E>) => string;
}

export interface RouteOptions<E extends Endpoint> {
  rateLimits?: RateLimitRule<E>[];
  /** Further checks of an admitted, unlimited request before its work (a throw is the answer). */
  guards?: ((request: RouteRequest<E>) => Promise<void>)[];
}

export interface RouterDeps {
  identities: IdentityResolver;
  limiter: RateLimiter;
  /** Check every answer against the protocol's data schema (dev and tests; off in production). */
  validateResponses: boolean;
}

/** The first zod issue as a catalogue key and a field path. */
function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError(400, 'errors.validation');
  let key: MessageKey = isMessageKey(issue.message) ? issue.message : 'errors.validation';
  let field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    if (key === 'errors.validation') key = 'errors.unknown_field';
    field = [field, issue.keys[0]].filter(Boolean).join('.');
  }
  // zod's own text for an absent field is English jargon; say which field is missing instead.
  if (issue.code === 'invalid_type' && issue.input === undefined && field && key === 'errors.validation') {
    key = 'errors.field_required';
  }
  // an upload over its size cap (a photo's `*_too_large`) is refused like a body over the limit
  const status = issue.code === 'too_big' && key.endsWith('_too_large') ? 413 : 400;
  return new AppError(status, key, { field }, { field });
}

function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nul = nulTextPath(value);
  if (nul !== null) throw new AppError(400, 'errors.validation', { field: nul }, { field: nul });
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Registers protocol endpoints: the endpoint entry gives method, path, access level and the zod
 * schemas, so a route cannot drift from the contract the web app and tests are built on.
 */
export class Router {
  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: RouterDeps,
  ) {}

  route<E extends Endpoint>(endpoint: E, handler: RouteHandler<E>, options: RouteOptions<E> = {}): void {
    const { validateResponses } = this.deps;
    this.app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request, reply) => {
        const input = await this.admit(endpoint, request, reply, options);
        const data = await handler(input);
        if (validateResponses) this.check(endpoint, data);
        return { code: 200, message: translateMessage('ok', input.locale), data };
      },
    });
  }

  /**
   * An endpoint that answers with server-sent events (`data: {json}` each, per the endpoint's
   * `data` schema): identity, input and limits as `route`, and a refusal before the first event is
   * the usual envelope. Writing waits for the client to read (back-pressure); a client that goes
   * away aborts `signal` and ends the handler's iteration, so its work upstream stops too.
   */
  stream<E extends Endpoint>(endpoint: E, handler: StreamHandler<E>, options: RouteOptions<E> = {}): void {
    const { validateResponses } = this.deps;
    this.app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request, reply) => {
        const input = await this.admit(endpoint, request, reply, options);
        const events = await handler(input);
        const out = reply.raw;
        // from here on the answer is ours to write: the headers set so far (security) come along
        reply.hijack();
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) out.setHeader(name, value);
        }
        out.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
        });
        try {
          for await (const event of events) {
            if (validateResponses) this.check(endpoint, event);
            if (!out.write(`data: ${JSON.stringify(event)}\n\n`)) {
              await once(out, 'drain', { signal: input.signal });
            }
          }
        } catch (err) {
          // the client left: nothing more to say to it
          if (!input.signal.aborted) throw err;
        } finally {
          out.end();
        }
      },
    });
  }

  /** Who, then what: the caller's identity, the validated input and the rate limits. */
  private async admit<E extends Endpoint>(
    endpoint: E,
    request: FastifyRequest,
    reply: FastifyReply,
    options: RouteOptions<E>,
  ): Promise<RouteRequest<E>> {
    const { identities, limiter } = this.deps;
    const disconnected = new AbortController();
    // the response's 'close' without a finished write means the connection dropped first
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) disconnected.abort(new Error('client disconnected'));
    });
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    // who first, then what: a caller without the right to ask learns nothing about the input rules.
    // The account's check (a read) and the rate limits (a write) go to the database side by side;
    // a refused account is still the answer, whatever the input or the limits would have said.
    const { identity, admitted } = await identities.claim(endpoint.access, request.headers);
    admitted.catch(() => undefined); // awaited below, on every path
    let input: RouteRequest<E>;
    try {
      input = {
        body: endpoint.body ? parseInput(endpoint.body, request.body) : undefined,
        query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
        identity,
        ip: request.ip,
        locale,
        signal: disconnected.signal,
      } as RouteRequest<E>;
    } catch (err) {
      await admitted;
      throw err;
    }
    const limited = Promise.all(
      (options.rateLimits ?? []).map((rule) => limiter.enforce(rule.bucket, rule.key(input), rule.limit)),
    );
    limited.catch(() => undefined);
    await admitted;
    await limited;
    for (const guard of options.guards ?? []) await guard(input);
    return input;
  }

  private check(endpoint: Endpoint, data: unknown): void {
    const checked = endpoint.data.safeParse(data);
    if (!checked.success) {
      throw new Error(
        `answer of ${endpoint.method} ${endpoint.path} breaks the protocol: ${checked.error.message}`,
      );
    }
  }
}
