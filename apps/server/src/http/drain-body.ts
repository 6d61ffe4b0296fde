import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and thrown away before the answer, at most. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * Reads what is left of a body the server refuses (too large) and throws it away, so the answer
 * reaches a client that is still sending. Fastify answers such a body with `Connection: close`;
 * sent at once, the socket closed under a client still writing, which saw EPIPE instead of the 413.
 * Past the bound (bytes or time) the answer goes anyway and the connection is closed: a client
 * sending more than that is not one to wait for.
 */
export function drainRefusedBody(
  request: IncomingMessage,
  maxBytes = DRAIN_BYTES,
  maxMs = DRAIN_MS,
): Promise<void> {
  if (request.readableEnded || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', done);
      request.off('close', done);
      request.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        request.pause();
        done();
      }
    };
    const timer = setTimeout(done, maxMs);
    request.on('data', onData);
    request.once('end', done);
    request.once('close', done);
    request.once('error', done);
    request.resume();
  });
}
