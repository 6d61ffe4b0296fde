import { AppError } from '../../app-error.ts';

/** Status for "the client closed the connection" (nginx's 499): nobody reads it, logs can tell it apart. */
const CLIENT_GONE = 499;

export const clientGone = () => new AppError(CLIENT_GONE, 'errors.vision_failed');

/** Resolves like `work`, or rejects as soon as `signal` aborts (the work itself may run on). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined); // an abandoned failure must not become an unhandled rejection
  if (signal.aborted) return Promise.reject(clientGone());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(clientGone());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
