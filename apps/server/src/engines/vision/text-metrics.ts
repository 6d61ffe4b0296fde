/**
 * Character error rate as the fixture conventions define it: whitespace and line breaks removed,
 * full-width punctuation folded to half-width, then Levenshtein distance / reference length.
 */

/** NFKC folds full-width letters, digits and most punctuation (，：（）) to half-width. */
function normaliseForCer(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[。、]/g, (c) => (c === '。' ? '.' : ','))
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, '');
}

function levenshtein(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function characterErrorRate(hypothesis: string, reference: string): number {
  const ref = [...normaliseForCer(reference)];
  const hyp = [...normaliseForCer(hypothesis)];
  return levenshtein(hyp, ref) / Math.max(1, ref.length);
}
