/**
 * A local stand-in for an OpenAI-compatible POST /v1/chat/completions (DashScope's compatible mode,
 * Ollama, vLLM), strict about the request: JSON body, a model, messages with known roles, and
 * `stream: true` — anything else is answered 400 as the real servers do. It streams the scripted
 * answer as SSE chunks in the OpenAI shape, `delayMs` apart, and records every call and whether the
 * client hung up before the end. Test-only (unit tests, browser tests and the chat bench).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface FakeChatMessage {
  role: string;
  content: string | { type: string; text?: string; image_url?: { url: string } }[];
}

export interface FakeChatCall {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: FakeChatMessage[] } & Record<string, unknown>;
  /** When each piece was written (ms, performance.now()), for latency measurements. */
  sentAt: number[];
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
  /** Resolves when the exchange is over (completed, failed or aborted). */
  finished: Promise<void>;
}

/** What the fake does with one call. */
export type FakeChatReply =
  /** Streams these pieces, `delayMs` apart (the first one too). */
  | { pieces: string[]; delayMs?: number }
  /** Answers an error with the OpenAI error body. */
  | { status: number; message: string; code?: string }
  /** Accepts the stream and never sends anything (a stalled provider). */
  | { stall: true }
  /** Answers 200 as a stream, then sends this text as it is (a broken provider or a proxy's page). */
  | { garbage: string };

export interface FakeChatCompletions {
  baseUrl: string;
  calls: FakeChatCall[];
  close(): Promise<void>;
}

const ROLES = new Set(['system', 'user', 'assistant']);

/** The reason a request breaks the chat-completions protocol, or null when it is well-formed. */
function protocolProblem(body: unknown): string | null {
  if (!body || typeof body !== 'object') return 'body must be a JSON object';
  const { model, messages, stream } = body as Record<string, unknown>;
  if (typeof model !== 'string' || !model) return 'model is required';
  if (stream !== true) return 'this fake only streams: stream must be true';
  if (!Array.isArray(messages) || messages.length === 0) return 'messages must be a non-empty array';
  for (const m of messages as FakeChatMessage[]) {
    if (!ROLES.has(m.role)) return `unknown role ${String(m.role)}`;
    const parts = typeof m.content === 'string' ? null : m.content;
    if (
      parts &&
      !parts.every((p) => (p.type === 'text' && p.text) || (p.type === 'image_url' && p.image_url?.url))
    )
      return 'content parts must be text or image_url';
  }
  return null;
}

function sendError(res: ServerResponse, status: number, message: string, code = 'invalid_request_error') {
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { message, type: code, code } }));
}

function chunk(model: string, delta: Record<string, string>, finish: string | null): string {
  const payload = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  calls: FakeChatCall[],
  reply: (call: FakeChatCall) => FakeChatReply,
  apiKey: string | undefined,
) {
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return sendError(res, 404, 'not found');
  if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`)
    return sendError(res, 401, 'Incorrect API key provided', 'invalid_api_key');
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return sendError(res, 400, 'body is not JSON');
  }
  const problem = protocolProblem(body);
  if (problem) return sendError(res, 400, problem);

  let done!: () => void;
  const call: FakeChatCall = {
    authorization: req.headers.authorization,
    body: body as FakeChatCall['body'],
    sentAt: [],
    aborted: false,
    finished: new Promise((resolve) => (done = resolve)),
  };
  calls.push(call);
  res.once('close', () => {
    call.aborted = !res.writableFinished;
    done();
  });
  const script = reply(call);
  if ('status' in script) return sendError(res, script.status, script.message, script.code);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if ('stall' in script) return;
  if ('garbage' in script) return void res.end(script.garbage);
  const model = call.body.model;
  res.write(chunk(model, { role: 'assistant', content: '' }, null));
  for (const piece of script.pieces) {
    if (script.delayMs) await sleep(script.delayMs);
    if (res.destroyed) return;
    res.write(chunk(model, { content: piece }, null));
    call.sentAt.push(performance.now());
  }
  res.write(chunk(model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
}

export async function startFakeChatCompletions(
  reply: (call: FakeChatCall) => FakeChatReply,
  { apiKey }: { apiKey?: string } = {},
): Promise<FakeChatCompletions> {
  const calls: FakeChatCall[] = [];
  const server: Server = createServer((req, res) => {
    answer(req, res, calls, reply, apiKey).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
