import { z } from 'zod';
import type { MessageKey } from './messages.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const IN_ALPHABET = new Uint8Array(128);
for (const char of ALPHABET) IN_ALPHABET[char.charCodeAt(0)] = 1;
const PAD = '='.charCodeAt(0);

/**
 * Base64 as the API takes it: the standard alphabet, up to two `=` at the end, nothing else (no
 * data: prefix, no line breaks). A loop over the characters, not a regular expression: on a
 * photo's few hundred thousand characters the loop takes a quarter of the time, and the server
 * checks one with every analysis.
 */
export function isBase64(text: string): boolean {
  let end = text.length;
  if (end > 0 && text.charCodeAt(end - 1) === PAD) end -= 1;
  if (end > 0 && text.charCodeAt(end - 1) === PAD) end -= 1;
  if (end === 0) return false;
  for (let i = 0; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128 || IN_ALPHABET[code] === 0) return false;
  }
  return true;
}

/** A base64 upload field: `invalid` for empty or malformed text, `tooLarge` past `maxChars`. */
export function base64Field(invalid: MessageKey, limit?: { maxChars: number; tooLarge: MessageKey }) {
  const text = z.string().min(1, { error: invalid });
  // the JSON Schema of the field says what it holds, as the regular expression it replaces did
  return (limit ? text.max(limit.maxChars, { error: limit.tooLarge }) : text)
    .refine(isBase64, { error: invalid })
    .meta({ contentEncoding: 'base64' });
}
