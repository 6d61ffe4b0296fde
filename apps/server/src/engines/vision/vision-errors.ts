/**
 * A vision backend failed (HTTP error, bad stream, timeout). Messages carry the status and a short
 * reason only — never the API key, the image or the model's request body.
 */
export class VisionEngineError extends Error {
  override readonly name = 'VisionEngineError';
  constructor(
    message: string,
    /** HTTP status from the backend, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
