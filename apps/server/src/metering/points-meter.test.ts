import { describe, expect, it } from 'vitest';
import { metered, type PointsMeter } from './points-meter.ts';

/** A meter that logs what happens to its one reservation, each step settling on the next turn. */
function loggingMeter(log: string[]): PointsMeter {
  const step = (name: string) => async () => {
    log.push(`${name} started`);
    await new Promise((r) => setTimeout(r, 5));
    log.push(`${name} done`);
  };
  return {
    reserve: async () => {
      log.push('reserved');
      return { commit: step('commit'), release: step('release') };
    },
  };
}

const payer = { kind: 'user' as const, id: 'u' };

describe('metered', () => {
  it('charges an answer while its finishing work runs, and answers with what that work made', async () => {
    const log: string[] = [];
    const answer = await metered(
      loggingMeter(log),
      payer,
      'vision',
      async () => 'description',
      async (description) => {
        log.push('finish started');
        await new Promise((r) => setTimeout(r, 5));
        log.push('finish done');
        return { description, imageUrl: '/x' };
      },
    );
    expect(answer).toEqual({ description: 'description', imageUrl: '/x' });
    // side by side: both start before either is done
    expect(log.slice(0, 3)).toEqual(['reserved', 'finish started', 'commit started']);
    expect(log).not.toContain('release started');
  });

  it('releases, and never charges, when the work fails; finishing work does not run', async () => {
    const log: string[] = [];
    let finished = false;
    const failing = metered(
      loggingMeter(log),
      payer,
      'vision',
      async () => {
        throw new Error('engine down');
      },
      async () => {
        finished = true;
      },
    );
    await expect(failing).rejects.toThrow('engine down');
    expect(log).toEqual(['reserved', 'release started', 'release done']);
    expect(finished).toBe(false);
  });

  it('without finishing work answers with the work’s own result', async () => {
    expect(await metered(loggingMeter([]), payer, 'text', async () => 42)).toBe(42);
  });
});
