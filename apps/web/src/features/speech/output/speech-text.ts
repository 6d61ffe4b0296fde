/** Spec §9: a native speech chunk holds at most 200 characters. */
export const MAX_CHUNK_CHARS = 200;

/**
 * Strips markdown a speech engine would read out literally (spec §5): code blocks, images, links,
 * headings, quote marks, list marks, rules, bold and italic; runs of 3+ newlines become two.
 */
export function cleanMarkdown(input: string): string {
  let text = input.replace(/\r\n?/g, '\n');
  // fenced code blocks: keep the code, drop the fences
  text = text.replace(/```[^\n]*\n?([\s\S]*?)\n?```/g, '$1');
  text = text.replace(/`([^`\n]*)`/g, '$1');
  // images before links: ![alt](url) -> alt
  text = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1');
  text = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  // horizontal rules (a line of only - * _ , 3 or more)
  text = text.replace(/^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/gm, '');
  // headings
  text = text.replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '');
  // quote marks (nested too)
  text = text.replace(/^[ \t]*(>[ \t]?)+/gm, '');
  // list marks: -, *, +, 1. 1)
  text = text.replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '');
  // bold and italic
  text = text.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2');
  text = text.replace(/(\*|_)(?=\S)([^*_\n]*?\S)\1/g, '$2');
  text = text.replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');
  text = text.replace(/\n{3,}/g, '\n\n');
  return text.trim();
}

const SENTENCE_END = /[。！？.!?]/;

/**
 * Splits at sentence ends (。！？.!?, the mark stays with its sentence) into chunks of at most
 * `max` characters, packing whole sentences together; a longer sentence is cut hard at `max`.
 * Blank chunks are dropped. Joining the chunks gives back the text minus outer whitespace of chunks.
 */
export function splitForSpeech(text: string, max = MAX_CHUNK_CHARS): string[] {
  const sentences: string[] = [];
  let current = '';
  for (const char of text) {
    current += char;
    if (SENTENCE_END.test(char)) {
      sentences.push(current);
      current = '';
    }
  }
  if (current) sentences.push(current);

  const chunks: string[] = [];
  let chunk = '';
  const flush = () => {
    const trimmed = chunk.trim();
    if (trimmed) chunks.push(trimmed);
    chunk = '';
  };
  for (const sentence of sentences) {
    if ([...chunk].length + [...sentence].length <= max) {
      chunk += sentence;
      continue;
    }
    flush();
    const chars = [...sentence];
    for (let i = 0; i < chars.length; i += max) {
      chunk = chars.slice(i, i + max).join('');
      if (i + max < chars.length) flush();
    }
  }
  flush();
  return chunks;
}

/** Rough speaking time for a safety timeout: ~4 chars/s at rate 1, plus slack. */
export function estimateSpeechMs(text: string, rate = 1): number {
  const chars = [...text].length;
  return Math.round(4000 + (chars * 300) / Math.max(0.5, rate));
}
