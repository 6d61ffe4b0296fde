import { SynthesisOptions } from '@sfm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { EmbeddedSynthesizer } from './engines/tts/embedded-synthesizer.ts';
import { startUp, type StartUpSteps } from './start-up.ts';

const quietLogger = () => ({ info: vi.fn(), error: vi.fn() });

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('start-up order', () => {
  it('warms speech before it listens, the vision models after both, and is ready only then', async () => {
    const order: string[] = [];
    const speech = deferred();
    const vision = deferred();
    const steps: StartUpSteps = {
      warmSpeech: () => {
        order.push('speech warm-up');
        return speech.promise.then(() => void order.push('speech warm'));
      },
      listen: async () => void order.push('listen'),
      vision: {
        name: 'embedded',
        warmUp: () => {
          order.push('vision warm-up');
          return vision.promise.then(() => void order.push('vision warm'));
        },
      },
      logger: quietLogger(),
      ready: () => void order.push('ready'),
    };
    const started = startUp(steps);
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['speech warm-up']);
    speech.resolve();
    await started;
    expect(order).toEqual(['speech warm-up', 'speech warm', 'listen', 'vision warm-up']);
    vision.resolve();
    await vi.waitFor(() => expect(order.at(-1)).toBe('ready'));
    expect(order.slice(-2)).toEqual(['vision warm', 'ready']);
  });

  it('still listens when the speech workers cannot start, and says so', async () => {
    const logger = quietLogger();
    const listen = vi.fn(async () => undefined);
    await startUp({
      warmSpeech: () => Promise.reject(new Error('no espeak')),
      listen,
      vision: { name: 'embedded', warmUp: async () => undefined },
      logger,
      ready: () => undefined,
    });
    expect(listen).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledWith(
      { reason: 'no espeak' },
      'speech synthesis warm-up failed (retried at the first text)',
    );
  });

  it('a vision warm-up failure is logged, not thrown, and does not keep the server unready', async () => {
    const logger = quietLogger();
    const ready = vi.fn();
    await startUp({
      warmSpeech: async () => undefined,
      listen: async () => undefined,
      vision: { name: 'embedded', warmUp: () => Promise.reject(new Error('model missing')) },
      logger,
      ready,
    });
    await vi.waitFor(() => expect(ready).toHaveBeenCalledOnce());
    await vi.waitFor(() =>
      expect(logger.error).toHaveBeenCalledWith(
        { engine: 'embedded', reason: 'model missing' },
        'vision engine warm-up failed (retried at the next analysis)',
      ),
    );
  });

  it('the first text after start-up is spoken at once: the workers are warm (cold they take > 1 s)', async () => {
    /** ms from asking to the first audio of a short text. */
    const firstChunkMs = async (synthesizer: EmbeddedSynthesizer) => {
      const startedAt = performance.now();
      const stream = synthesizer.stream('你好。', SynthesisOptions.parse({}), new AbortController().signal);
      let ms = -1;
      for await (const chunk of stream) if (ms < 0 && chunk.length > 0) ms = performance.now() - startedAt;
      return ms;
    };
    const warmed = new EmbeddedSynthesizer({ workers: 1 });
    const cold = new EmbeddedSynthesizer({ workers: 1 });
    try {
      await startUp({
        warmSpeech: () => warmed.warmUp(),
        listen: async () => undefined,
        vision: { name: 'embedded', warmUp: async () => undefined },
        logger: quietLogger(),
        ready: () => undefined,
      });
      const warm = await firstChunkMs(warmed);
      const unwarmed = await firstChunkMs(cold);
      expect(warm).toBeGreaterThanOrEqual(0);
      // compared in the same run, not against a fixed time: a loaded machine slows both alike
      // (quiet: ≈ 10 ms warm, > 1 s cold)
      expect(warm).toBeLessThan(unwarmed / 3);
    } finally {
      await Promise.all([warmed.close(), cold.close()]);
    }
  }, 60_000);
});
