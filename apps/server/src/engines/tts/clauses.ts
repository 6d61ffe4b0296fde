/** Where speech may pause: Chinese and Latin clause punctuation and line breaks. */
const CLAUSE_END = /[，。！？；、,.!?;：:\n\r]+/;
const MAX_CLAUSE_CHARS = 24;
/** The first clause is kept shorter still: its audio is what the listener waits for. */
export const MAX_FIRST_CLAUSE_CHARS = 12;

/**
 * Splits text into short clauses so synthesis can start speaking after the first one. Punctuation
 * goes (the engine pauses between clauses anyway); a clause longer than MAX_CLAUSE_CHARS is cut at
 * a space when it has one, else hard.
 */
export function splitClauses(
  text: string,
  maxChars = MAX_CLAUSE_CHARS,
  firstMaxChars = MAX_FIRST_CLAUSE_CHARS,
): string[] {
  const out: string[] = [];
  for (const raw of text.split(CLAUSE_END)) {
    let rest = raw.replace(/\s+/g, ' ').trim();
    while (rest.length > (out.length === 0 ? Math.min(maxChars, firstMaxChars) : maxChars)) {
      const limit = out.length === 0 ? Math.min(maxChars, firstMaxChars) : maxChars;
      const space = rest.lastIndexOf(' ', limit);
      const cut = space > limit / 2 ? space : limit;
      out.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) out.push(rest);
  }
  return out.filter((c) => /[\p{L}\p{N}]/u.test(c));
}
