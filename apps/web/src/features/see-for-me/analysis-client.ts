import type { AnalyzeRequest, PhotoProblem } from '@sfm/protocol';
import { api, NetworkError } from '../../api/http-client.ts';
import { rememberAnalysis } from './last-analysis.ts';

/** Spec §7: up to 2 attempts, 2 s apart. */
const ANALYZE_ATTEMPTS = 2;
const ANALYZE_RETRY_DELAY_MS = 2_000;

/** A failed analysis; `messageKey` is the i18n key of what the user hears. */
export class AnalysisError extends Error {
  override readonly name = 'AnalysisError';
  constructor(
    readonly messageKey: 'seeForMe.errors.requestFailed' | 'seeForMe.errors.network',
    readonly code: number,
    detail: string,
    /** The server's error name (e.g. points_insufficient), when it answered with one. */
    readonly error: string | null = null,
  ) {
    super(detail);
  }
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';

function abortError(): DOMException {
  return new DOMException('analysis request cancelled', 'AbortError');
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export type AnalyzeCall = typeof api.call<'visionAnalyze'>;

/** What the user hears: a description, or (unusablePhoto set) how to take the photo again. */
export interface AnalysisAnswer {
  description: string;
  unusablePhoto?: PhotoProblem;
  /** The answer given moments ago to the same question, not charged again. */
  sameAsLast?: boolean;
}

/**
 * POST /api/vision/analyze; resolves with the description (or the retake advice). Retries once, 2 s later, only when no
 * answer came back (NetworkError) or the server failed (5xx); a 4xx or the caller's abort is final.
 * Rejects with an AbortError when cancelled (callers stay silent) or an AnalysisError otherwise.
 */
export async function analyzeImage(
  request: AnalyzeRequest,
  signal?: AbortSignal,
  call: AnalyzeCall = (...args) => api.call(...args),
): Promise<AnalysisAnswer> {
  let lastError: AnalysisError | null = null;
  for (let attempt = 1; attempt <= ANALYZE_ATTEMPTS; attempt += 1) {
    if (attempt > 1) await delay(ANALYZE_RETRY_DELAY_MS, signal);
    if (signal?.aborted) throw abortError();
    try {
      const answer = await call('visionAnalyze', request, { signal });
      if (answer.ok) {
        const { description, imageUrl, unusablePhoto, sameAsLast } = answer.data;
        if (unusablePhoto) return { description, unusablePhoto };
        // retake advice is not an analysis, and a repeated answer keeps the photo it was first given with
        if (sameAsLast) return { description, sameAsLast };
        rememberAnalysis({ description, ...(imageUrl && { imageUrl }) });
        return { description };
      }
      lastError = new AnalysisError(
        'seeForMe.errors.requestFailed',
        answer.code,
        answer.message,
        answer.data?.error ?? null,
      );
      if (answer.code < 500) throw lastError;
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw abortError();
      if (error instanceof AnalysisError) throw error;
      if (!(error instanceof NetworkError)) throw error;
      lastError = new AnalysisError('seeForMe.errors.network', 0, error.message);
    }
  }
  throw lastError ?? new AnalysisError('seeForMe.errors.requestFailed', 0, 'no answer');
}
