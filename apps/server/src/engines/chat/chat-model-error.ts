/**
 * A chat provider failed. `kind` is all a caller needs to pick the user's message; the text says
 * what went wrong in words safe for logs (status and reason, never the key, prompt or photo).
 */
export type ChatFailureKind =
  /** No answer, or no next piece of one, within the timeout. */
  | 'timeout'
  /** The provider refused this request (content inspection, a context too long: HTTP 400/413/422). */
  | 'rejected'
  /** Anything else: unreachable, bad key, overloaded, a broken stream. */
  | 'failed';

export class ChatModelError extends Error {
  override readonly name = 'ChatModelError';
  constructor(
    readonly kind: ChatFailureKind,
    message: string,
    /** HTTP status from the provider, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
