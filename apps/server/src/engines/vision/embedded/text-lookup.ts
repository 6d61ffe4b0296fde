/**
 * Questions answered from the text in view. A user who asks "末班车几点" in front of a sign that
 * says "末班 23:00", or "这个药一次吃几粒" with a label saying "一次1粒", wants that line read
 * back — not "I can't tell". The question picks a field (time, dosage, expiry, price, phone,
 * station, address, name: phrases.zh-CN.json `textFields`); each row of text is scored by whether
 * it looks like that field and by the words it shares with the question, and the best row is
 * read back with the field named. Nothing is inferred beyond the printed line: when no row
 * matches, the caller says it cannot tell.
 */
import { phrases } from './phrases.ts';
import type { TextRow } from '@sfm/ocr';

export interface TextField {
  name: string;
  ask: readonly string[];
  line: readonly string[];
}

export interface TextMatch {
  /** The field the question asked for, when it asked for one. */
  field: string | null;
  line: string;
}

const FIELDS: readonly (TextField & { patterns: RegExp[] })[] = (phrases.textFields as TextField[]).map(
  (f) => ({ ...f, patterns: f.line.map((p) => new RegExp(p, 'iu')) }),
);
const STOP_WORDS: readonly string[] = phrases.questionStopWords;

/** The field a question asks about, if any (the first listed wins: "一次吃几粒" is a dose). */
export function fieldAskedAbout(question: string): (typeof FIELDS)[number] | null {
  const q = question.toLowerCase();
  return FIELDS.find((f) => f.ask.some((w) => q.includes(w.toLowerCase()))) ?? null;
}

/** Two-character pieces of the question's Chinese and its Latin words, minus question words. */
function keyPieces(question: string): string[] {
  let q = question.toLowerCase();
  for (const w of STOP_WORDS) q = q.split(w).join(' ');
  const pieces = new Set<string>();
  for (const run of q.match(/\p{Script=Han}+/gu) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) pieces.add(chars[i]! + chars[i + 1]!);
  }
  for (const word of q.match(/[a-z0-9]{2,}/g) ?? []) pieces.add(word);
  return [...pieces];
}

/** A row shares a piece with the question: 2 points each; it looks like the field: 3. */
function scoreRow(row: string, field: (typeof FIELDS)[number] | null, pieces: readonly string[]): number {
  const text = row.toLowerCase();
  const shared = pieces.filter((p) => text.includes(p)).length;
  const looksLike = field?.patterns.some((p) => p.test(row)) ? 3 : 0;
  return 2 * shared + looksLike;
}

/**
 * The row that answers the question, or null. A row that looks like the field asked about (a dose
 * line for "几粒") wins, the one sharing most words with the question first; without one, a row
 * sharing a word with the question is read back without naming a field. A name question ("这是什么
 * 药") is answered by the most prominent row.
 */
export function answerFromText(question: string, rows: readonly TextRow[]): TextMatch | null {
  const legible = rows.filter((r) => r.text.trim());
  if (!legible.length) return null;
  const field = fieldAskedAbout(question);
  if (field && field.patterns.length === 0) {
    const biggest = [...legible].sort((a, b) => b.height - a.height)[0]!;
    return { field: field.name, line: biggest.text.trim() };
  }
  const pieces = keyPieces(question);
  const best = (candidates: readonly TextRow[]) =>
    candidates.reduce<{ row: TextRow; score: number } | null>((top, row) => {
      const score = scoreRow(row.text, field, pieces);
      return !top || score > top.score ? { row, score } : top;
    }, null);
  const fitting = field ? best(legible.filter((r) => field.patterns.some((p) => p.test(r.text)))) : null;
  if (fitting) return { field: field?.name ?? null, line: fitting.row.text.trim() };
  const sharing = best(legible.filter((r) => pieces.some((p) => r.text.toLowerCase().includes(p))));
  return sharing ? { field: null, line: sharing.row.text.trim() } : null;
}
