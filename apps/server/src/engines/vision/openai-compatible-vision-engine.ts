/**
 * Cloud vision through any OpenAI-compatible chat-completions API with image input: DashScope's
 * compatible mode (Qwen-VL) and self-hosted servers (Ollama, vLLM, llama.cpp). The photo is
 * compressed with a spec preset (tokens cost ≈ one per 28×28 px), sent as a data URL with a
 * per-scenario Chinese system prompt, and the answer is streamed back over SSE.
 */
import { PhotoProblem, type CompressionPreset, type Scenario, type Verbosity } from '@sfm/protocol';
import { randomUUID } from 'node:crypto';
import { base64Of, jpegOf } from './image-pipeline.ts';
import { sseData } from './sse.ts';
import systemPrompts from './system-prompts.zh-CN.json' with { type: 'json' };
import type { VisionEngine, VisionRequest, VisionResult } from './vision-engine.ts';
import { VisionEngineError } from './vision-errors.ts';

export interface OpenAiCompatibleOptions {
  /** Engine name for logs: "dashscope" or "openai-compatible". */
  name: string;
  /** e.g. https://dashscope.aliyuncs.com/compatible-mode/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  /** Optional: local servers often need none. */
  apiKey?: string;
  model: string;
  /** Whole-request deadline, including the stream. */
  timeoutMs?: number;
  compression?: CompressionPreset;
}

const DEFAULT_TIMEOUT_MS = 30_000;

interface ChatChunk {
  choices?: { delta?: { content?: unknown } }[];
  error?: { message?: unknown };
}

/** Scenarios whose answer is the text itself, whole: the verbosity setting does not shorten it. */
const VERBATIM: ReadonlySet<Scenario> = new Set(['reading', 'diabetes']);

/**
 * The system prompt for a scenario: shared rules, the scenario's own instruction, then the user's
 * verbosity (last, so it decides the length).
 */
export function systemPromptFor(scenario: Scenario, verbosity?: Verbosity): string {
  const length = verbosity && !VERBATIM.has(scenario) ? systemPrompts.verbosity[verbosity] : '';
  return `${systemPrompts.common}${systemPrompts.scenarios[scenario]}${length}`;
}

function defaultQuestionFor(scenario: Scenario): string {
  return systemPrompts.defaultQuestions[scenario];
}

export class OpenAiCompatibleVisionEngine implements VisionEngine {
  readonly name: string;
  private readonly endpoint: string;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.name = options.name;
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  /** Nothing to load; the service is not contacted so start-up works offline. */
  async warmUp(): Promise<void> {}

  async close(): Promise<void> {}

  async analyze(req: VisionRequest): Promise<VisionResult> {
    let description = '';
    for await (const part of this.analyzeStream(req)) description += part;
    description = description.trim();
    if (!description) throw new VisionEngineError('vision backend returned an empty answer');
    const unusablePhoto = unusableVerdict(description);
    return unusablePhoto ? { description: '', unusablePhoto } : { description };
  }

  /** The answer as it streams in, piece by piece (for speaking partial answers). */
  async *analyzeStream(req: VisionRequest): AsyncGenerator<string> {
    const jpeg = await jpegOf(req, this.options.compression ?? 'standard');
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const body = {
      model: this.options.model,
      stream: true,
      messages: [
        { role: 'system', content: systemPromptFor(req.scenario, req.verbosity) },
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${IMAGE_SLOT}` } },
            { type: 'text', text: req.prompt?.trim() || defaultQuestionFor(req.scenario) },
          ],
        },
      ],
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
    };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;

    try {
      const bytes = withImage(JSON.stringify(body), base64Of(jpeg));
      const res = await fetch(this.endpoint, { method: 'POST', headers, body: bytes, signal });
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new VisionEngineError(`vision backend answered HTTP ${res.status}`, res.status);
      }
      for await (const data of sseData(res.body)) {
        const piece = contentOf(data);
        if (piece) yield piece;
      }
    } catch (err) {
      throw translateFailure(err, req.signal, timeout);
    }
  }
}

/**
 * Where the photo goes in the request's JSON: the photo's base64 is copied in as bytes, so the
 * request is never one big string that JSON and fetch would each scan and encode again (≈ 6 ms of
 * the main thread per photo). A fresh UUID per process cannot be met in a user's prompt by chance,
 * and JSON leaves its characters as they are.
 */
const IMAGE_SLOT = randomUUID();

function withImage(json: string, base64: string): Buffer {
  const at = json.indexOf(IMAGE_SLOT);
  return Buffer.concat([
    Buffer.from(json.slice(0, at)),
    Buffer.from(base64, 'latin1'),
    Buffer.from(json.slice(at + IMAGE_SLOT.length)),
  ]);
}

/**
 * The model's machine-readable "this photo cannot be used" answer (the system prompt asks for
 * `UNUSABLE: <reason>` alone): the reason, or null for any other answer. An unknown reason still
 * means the photo could not be used: it is taken as "blurred", the commonest cause.
 */
export function unusableVerdict(answer: string): PhotoProblem | null {
  const match = /^UNUSABLE\s*[:：]\s*([A-Za-z]*)/.exec(answer.trim());
  if (!match) return null;
  const reason = PhotoProblem.safeParse(match[1]);
  return reason.success ? reason.data : 'blurred';
}

function contentOf(data: string): string {
  let chunk: ChatChunk;
  try {
    chunk = JSON.parse(data) as ChatChunk;
  } catch (cause) {
    throw new VisionEngineError('vision backend sent a malformed stream event', undefined, { cause });
  }
  if (chunk.error) throw new VisionEngineError('vision backend reported an error in the stream');
  const content = chunk.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
}

/** Caller aborts pass through as they are; our deadline and network failures become VisionEngineError. */
function translateFailure(
  err: unknown,
  callerSignal: AbortSignal | undefined,
  timeout: AbortSignal,
): unknown {
  if (err instanceof VisionEngineError) return err;
  if (callerSignal?.aborted) return callerSignal.reason ?? err;
  if (timeout.aborted) return new VisionEngineError('vision backend timed out', undefined, { cause: err });
  // the cause of a fetch failure names host and port only, never headers or body
  return new VisionEngineError('vision backend unreachable', undefined, { cause: err });
}
