/**
 * The brief way to say an answer: its first sentences, about as much as one breath holds, spoken at
 * once; the rest stays on screen and is read on request ("继续读"). Engines put what matters first
 * (hazards, then the most important text), so the first sentences are the ones to hear.
 */

/** Sentences are added while the spoken part stays within this many syllables (about ten seconds). */
export const BRIEF_SYLLABLES = 40;

/** About how many syllables `text` takes to say: one per Chinese character, 1.5 per Latin word or number. */
export function syllablesOf(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = text.match(/[\p{Script=Latin}\d]+(?:[.'’-][\p{Script=Latin}\d]+)*/gu)?.length ?? 0;
  return han + words * 1.5;
}

export interface SpokenParts {
  /** Said now: at least the first sentence, never a sentence cut in half. */
  now: string;
  /** Kept for "继续读"; empty when everything was said. */
  rest: string;
}

/** Characters that end a sentence, and those that still belong to it after the end (a closing quote). */
const ENDS = new Set(['。', '！', '？', '!', '?', '\n', '；', ';']);
const CLOSERS = new Set(['”', '’', '」', '』', '"', "'", ')', '）']);

/** Where each sentence of `text` ends (exclusive indices, the last one text.length). */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    // an English full stop ends a sentence only before a space: not in "3.5 mg" or "www.a.cn"
    const fullStop = c === '.' && /\s/.test(text[i + 1] ?? '');
    if (!ENDS.has(c) && !fullStop) continue;
    let end = i + 1;
    while (end < text.length && (ENDS.has(text[end]!) || CLOSERS.has(text[end]!))) end += 1;
    ends.push(end);
    i = end - 1;
  }
  if (ends.at(-1) !== text.length) ends.push(text.length);
  return ends;
}

export function briefParts(text: string): SpokenParts {
  const ends = sentenceEnds(text);
  let cut = ends[0]!;
  for (const end of ends.slice(1)) {
    if (syllablesOf(text.slice(0, end)) > BRIEF_SYLLABLES) break;
    cut = end;
  }
  return { now: text.slice(0, cut).trim(), rest: text.slice(cut).trim() };
}
