/**
 * When two readings of a line are the same text: OCR jitter from frame to frame (a character read
 * differently, a space dropped, a full stop found or lost) must not make a line new again.
 */

/** Text as compared: NFKC (full-width forms folded), lower case, no spaces or punctuation. */
export function normalisedLine(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** Levenshtein distance over code points (Chinese characters count one each). */
function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, (previous[j] as number) + 1, (row[j - 1] as number) + 1));
    }
    previous = row;
  }
  return previous[b.length] as number;
}

/** Two readings this alike (1 − edits / longer length) are one line: one character in five may differ. */
export const SAME_LINE_LIKENESS = 0.75;

/** How alike two normalised lines are, 0..1. */
export function likeness(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - editDistance(x, y) / longer;
}

/**
 * `fresh` (normalised) is a line already known as `known`: alike enough, or a piece of it (the
 * same line half in view). A longer line that contains a known piece is not known: it says more.
 */
export function isSameLine(fresh: string, known: string): boolean {
  if (likeness(fresh, known) >= SAME_LINE_LIKENESS) return true;
  return [...fresh].length >= 2 && known.includes(fresh);
}
