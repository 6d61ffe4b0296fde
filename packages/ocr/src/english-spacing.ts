/**
 * PaddleOCR's recogniser often drops the spaces between English words ("CARDNUMBER", "ShangHaiHongQiao").
 * TTS then spells them out letter by letter, so spaces are put back:
 *  1. at case changes (lower→Upper, and the end of an UPPER run followed by a Capitalised word);
 *  2. inside a run that is not a known word, by a Zipf-cost word segmentation over a small built-in
 *     frequency-ordered word list — accepted only when every piece is a known word, so unknown names
 *     and codes (G7512, YM-X-3011) are left untouched.
 * CJK text is never spaced.
 */
import wordList from './english-words.json' with { type: 'json' };

const rankOf = new Map<string, number>(wordList.map((w, i) => [w, i]));
const LOG_N = Math.log(wordList.length);
/** Longest entry bounds the inner DP loop. */
const MAX_WORD = Math.max(...wordList.map((w) => w.length));
/** Single letters are words ("a", "i") but would let the DP explain almost anything: make them dear. */
const SINGLE_LETTER_PENALTY = 6;

/** Zipf's law: the word of rank r has probability ≈ 1 / (r ln N); cost is its negative log. */
function wordCost(word: string): number {
  const rank = rankOf.get(word);
  if (rank === undefined) return Infinity;
  const cost = Math.log((rank + 1) * LOG_N);
  return word.length === 1 ? cost + SINGLE_LETTER_PENALTY : cost;
}

/** Cheapest split of `lower` into known words, or null when some part is not a known word. */
export function segmentWords(lower: string): string[] | null {
  const n = lower.length;
  const best: number[] = [0];
  const from: number[] = [0];
  for (let end = 1; end <= n; end++) {
    best[end] = Infinity;
    from[end] = -1;
    for (let start = Math.max(0, end - MAX_WORD); start < end; start++) {
      const cost = (best[start] ?? Infinity) + wordCost(lower.slice(start, end));
      if (cost < (best[end] ?? Infinity)) {
        best[end] = cost;
        from[end] = start;
      }
    }
  }
  if (!Number.isFinite(best[n])) return null;
  const words: string[] = [];
  for (let end = n; end > 0; end = from[end] ?? 0) words.unshift(lower.slice(from[end] ?? 0, end));
  return words;
}

/** Splits "ShangHai" → "Shang Hai", "BANKOf" → "BANK Of" (case changes mark word starts). */
function splitAtCaseChanges(run: string): string[] {
  return run.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z]{2,})/);
}

/** Minimum run length worth segmenting: shorter unknown tokens are usually codes or abbreviations. */
const MIN_SEGMENT_LENGTH = 6;

function spaceToken(token: string): string {
  const lower = token.toLowerCase();
  if (token.length < MIN_SEGMENT_LENGTH || rankOf.has(lower)) return token;
  const words = segmentWords(lower);
  if (!words || words.length < 2) return token;
  const parts: string[] = [];
  let at = 0;
  for (const w of words) {
    parts.push(token.slice(at, at + w.length));
    at += w.length;
  }
  return parts.join(' ');
}

/** Re-inserts spaces between English words in OCR output; everything that is not a Latin letter run is kept as is. */
export function restoreEnglishSpacing(text: string): string {
  return text.replace(/[A-Za-z]{2,}/g, (run) => splitAtCaseChanges(run).map(spaceToken).join(' '));
}
