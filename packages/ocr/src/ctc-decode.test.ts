import { describe, expect, it } from 'vitest';
import { greedyCtc } from './ctc-decode.ts';

/** One-hot-ish steps: the best class of each step with probability p. */
function steps(best: number[], classes: number, p = 0.9): Float32Array {
  const probs = new Float32Array(best.length * classes).fill((1 - p) / (classes - 1));
  best.forEach((c, t) => (probs[t * classes + c] = p));
  return probs;
}

describe('greedy CTC', () => {
  const characters = ['a', 'b', ' '];
  it('collapses repeats, drops blanks, keeps a letter repeated across a blank', () => {
    const decoded = greedyCtc(steps([1, 1, 0, 1, 2, 2, 0, 3], 4), 0, 8, 4, characters);
    expect(decoded.text).toBe('aab ');
    expect(decoded.score).toBeCloseTo(0.9);
  });
  it('reads a line from its offset in a batch', () => {
    const batch = new Float32Array([...steps([0, 0], 4), ...steps([2, 0], 4)]);
    expect(greedyCtc(batch, 8, 2, 4, characters).text).toBe('b');
  });
  it('gives an empty, zero-score result for all blanks', () => {
    expect(greedyCtc(steps([0, 0, 0], 4), 0, 3, 4, characters)).toEqual({ text: '', score: 0 });
  });
});
