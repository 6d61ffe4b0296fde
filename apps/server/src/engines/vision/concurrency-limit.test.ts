import { describe, expect, it } from 'vitest';
import { embeddedVisionConcurrency, withConcurrencyLimit } from './concurrency-limit.ts';
import type { VisionEngine, VisionRequest } from './vision-engine.ts';

/** An engine whose analyses finish only when the test says so. */
function manualEngine() {
  const started: { prompt: string; finish: (text: string) => void; fail: (err: Error) => void }[] = [];
  const engine: VisionEngine = {
    name: 'manual',
    warmUp: () => Promise.resolve(),
    analyze: (req: VisionRequest) =>
      new Promise((resolve, reject) => {
        started.push({
          prompt: req.prompt ?? '',
          finish: (description) => resolve({ description }),
          fail: reject,
        });
      }),
    close: () => Promise.resolve(),
  };
  return { engine, started };
}

const request = (prompt: string, signal?: AbortSignal): VisionRequest => ({
  image: Buffer.alloc(0),
  scenario: 'qa',
  prompt,
  signal,
});
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('withConcurrencyLimit', () => {
  it('runs at most `limit` analyses, the others in arrival order', async () => {
    const { engine, started } = manualEngine();
    const limited = withConcurrencyLimit(engine, 1);
    const a = limited.analyze(request('a'));
    const b = limited.analyze(request('b'));
    const c = limited.analyze(request('c'));
    await settle();
    expect(started.map((s) => s.prompt)).toEqual(['a']);
    started[0]?.finish('A');
    expect(await a).toEqual({ description: 'A' });
    await settle();
    expect(started.map((s) => s.prompt)).toEqual(['a', 'b']);
    started[1]?.fail(new Error('engine broke'));
    await expect(b).rejects.toThrow('engine broke');
    await settle();
    // a failure frees the slot like a success does
    expect(started.map((s) => s.prompt)).toEqual(['a', 'b', 'c']);
    started[2]?.finish('C');
    expect(await c).toEqual({ description: 'C' });
  });

  it('a request cancelled while waiting leaves the queue and never runs', async () => {
    const { engine, started } = manualEngine();
    const limited = withConcurrencyLimit(engine, 1);
    const first = limited.analyze(request('first'));
    const controller = new AbortController();
    const gone = limited.analyze(request('gone', controller.signal));
    const next = limited.analyze(request('next'));
    controller.abort();
    await expect(gone).rejects.toThrow();
    started[0]?.finish('1');
    await first;
    await settle();
    expect(started.map((s) => s.prompt)).toEqual(['first', 'next']);
    started[1]?.finish('2');
    await next;
  });

  it('refuses a request that is already cancelled', async () => {
    const { engine, started } = manualEngine();
    await expect(
      withConcurrencyLimit(engine, 2).analyze(request('x', AbortSignal.abort())),
    ).rejects.toThrow();
    expect(started).toHaveLength(0);
  });

  it('runs up to the limit side by side', async () => {
    const { engine, started } = manualEngine();
    const limited = withConcurrencyLimit(engine, 2);
    void limited.analyze(request('a'));
    void limited.analyze(request('b'));
    void limited.analyze(request('c'));
    await settle();
    expect(started.map((s) => s.prompt)).toEqual(['a', 'b']);
  });
});

describe('embeddedVisionConcurrency', () => {
  it('is one analysis per two cores, at least one', () => {
    expect(embeddedVisionConcurrency(1)).toBe(1);
    expect(embeddedVisionConcurrency(2)).toBe(1);
    expect(embeddedVisionConcurrency(8)).toBe(4);
  });
});
