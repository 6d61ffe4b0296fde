/**
 * Greedy CTC decoding of the recogniser's per-timestep class probabilities, as PaddleOCR does:
 * the best class at each step, repeated classes collapsed, blanks (class 0) dropped; the score is
 * the mean probability of the characters kept.
 */
export interface DecodedText {
  text: string;
  score: number;
}

/**
 * `probs` holds `steps × classes` values starting at `offset`; class i > 0 is `characters[i − 1]`.
 */
export function greedyCtc(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  characters: readonly string[],
): DecodedText {
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = probs[base] as number;
    for (let c = 1; c < classes; c++) {
      const p = probs[base + c] as number;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += characters[best - 1] ?? '';
      sum += bestP;
      kept++;
    }
    previous = best;
  }
  return { text, score: kept ? sum / kept : 0 };
}
