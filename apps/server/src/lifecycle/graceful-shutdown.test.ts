import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { closeHttp, gracefulShutdown, type ShutdownStep } from './graceful-shutdown.ts';
import { ServerLifecycle } from './server-lifecycle.ts';

const quietLogger = () => ({ info: vi.fn(), error: vi.fn() });

describe('graceful shutdown', () => {
  it('turns readiness off first, then runs the steps in order, once, and exits 0', async () => {
    const lifecycle = new ServerLifecycle('ready');
    const order: string[] = [];
    const step = (name: string): ShutdownStep => ({
      name,
      run: async () => {
        order.push(`${name} (${lifecycle.phase})`);
      },
    });
    const exit = vi.fn();
    const shutdown = gracefulShutdown({
      lifecycle,
      logger: quietLogger(),
      steps: [step('http'), step('engines'), step('database')],
      deadlineMs: 5_000,
      exit,
    });
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT')]);
    expect(order).toEqual(['http (stopping)', 'engines (stopping)', 'database (stopping)']);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    expect(lifecycle.notReady()?.key).toBe('errors.server_stopping');
  });

  it('still stops the database when an earlier step fails, and exits 1', async () => {
    const database = vi.fn();
    const exit = vi.fn();
    const logger = quietLogger();
    await gracefulShutdown({
      lifecycle: new ServerLifecycle('ready'),
      logger,
      steps: [
        {
          name: 'http',
          run: () => {
            throw new Error('close failed');
          },
        },
        { name: 'database', run: database },
      ],
      deadlineMs: 5_000,
      exit,
    })('SIGTERM');
    expect(database).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(logger.error).toHaveBeenCalledWith(
      { step: 'http', reason: 'close failed' },
      'shutdown step failed',
    );
  });

  it('exits 1 at the deadline when a step hangs, naming the step', async () => {
    const exit = vi.fn();
    const logger = quietLogger();
    void gracefulShutdown({
      lifecycle: new ServerLifecycle('ready'),
      logger,
      steps: [{ name: 'http', run: () => new Promise<void>(() => undefined) }],
      deadlineMs: 30,
      exit,
    })('SIGTERM');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledExactlyOnceWith(1));
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ step: 'http' }),
      'shutdown timed out',
    );
  });
});

describe('closing HTTP at shutdown', () => {
  it('waits for a request in flight, but cuts one still running after the drain time', async () => {
    const app = Fastify();
    let aborted = false;
    let arrived = 0;
    app.get('/quick', async () => {
      arrived++;
      await new Promise((r) => setTimeout(r, 100));
      return { ok: true };
    });
    app.get('/endless', (_request, reply) => {
      arrived++;
      reply.raw.once('close', () => (aborted = !reply.raw.writableFinished));
      // never answered
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const quick = fetch(`http://127.0.0.1:${port}/quick`);
    const endless = fetch(`http://127.0.0.1:${port}/endless`).catch((err: unknown) => err);
    await vi.waitFor(() => expect(arrived).toBe(2));
    const logger = { warn: vi.fn() };
    const startedAt = Date.now();
    await closeHttp(app, 400, logger);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect((await quick).status).toBe(200);
    expect(await endless).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(aborted).toBe(true));
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
