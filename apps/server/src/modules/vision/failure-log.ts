/** What may be logged of an engine or storage failure: names, messages, status, stack; never the request. */
export function failureForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const cause = err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : undefined;
  const status = (err as { status?: unknown }).status;
  return {
    type: err.name,
    message: err.message,
    ...(typeof status === 'number' && { status }),
    ...(cause && { cause }),
    ...(err.name !== 'VisionEngineError' && { stack: err.stack }),
  };
}
