import type { MessageKey } from '@sfm/protocol';

/**
 * A failure the client should hear about: an HTTP status plus a catalogue key, translated at the
 * edge into the caller's language. Services throw it; they never build HTTP answers themselves.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly details: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** A 429 that tells the client (and its Retry-After header) when to come back. */
  static retryLater(key: MessageKey, seconds: number): AppError {
    return new AppError(429, key, { seconds }, { retryAfterSeconds: seconds });
  }
}
