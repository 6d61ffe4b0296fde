/**
 * A page's blocks as one text to speak: each heading said as one ("标题：…"), paragraphs on lines
 * of their own so the voice pauses between them. One text, not one cue per block: the speech queue
 * lets a newer routine text cut the one being said.
 */
import type { Block } from './page-layout.ts';

/** Translates a key of the `channel-document` namespace. */
export type Translate = (key: string, params?: Record<string, string>) => string;

export function spokenPage(blocks: readonly Block[], t: Translate): string {
  return blocks
    .map((b) => (b.kind === 'heading' ? t('channel-document:heading', { text: b.text }) : b.text))
    .join('\n');
}

/** Chinese and Japanese characters take a voice about a quarter of a second each; other letters far less. */
const WIDE = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
const WIDE_CHAR_MS = 250;
const NARROW_CHAR_MS = 65;

/** About how long a voice at the usual rate takes to say `text`. */
export function speakingMs(text: string): number {
  let ms = 0;
  for (const char of text) ms += WIDE.test(char) ? WIDE_CHAR_MS : NARROW_CHAR_MS;
  return ms;
}
