import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainRefusedBody } from './drain-body.ts';

/** A request body that arrives as the test writes it. */
const body = () => new PassThrough();
const asRequest = (stream: PassThrough) => stream as unknown as IncomingMessage;

describe('drainRefusedBody', () => {
  it('reads a refused body to its end before the answer', async () => {
    const stream = body();
    const drained = drainRefusedBody(asRequest(stream), 1024, 5_000);
    stream.write(Buffer.alloc(500));
    stream.end(Buffer.alloc(400));
    await drained;
    expect(stream.readableEnded).toBe(true);
  });

  it('stops reading past its byte bound: the answer goes and the connection closes', async () => {
    const stream = body();
    const drained = drainRefusedBody(asRequest(stream), 1024, 5_000);
    stream.write(Buffer.alloc(2048));
    await drained;
    expect(stream.readableEnded).toBe(false);
    expect(stream.isPaused()).toBe(true);
  });

  it('stops waiting for a client that stalls', async () => {
    const stream = body();
    const started = Date.now();
    await drainRefusedBody(asRequest(stream), 1024, 50);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stream.readableEnded).toBe(false);
  });
});
