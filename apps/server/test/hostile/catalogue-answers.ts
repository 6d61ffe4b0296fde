import { apiMessages, isMessageKey, translateMessage, type Locale } from '@sfm/protocol';
import '@sfm/protocol/admin';
import type { Logger } from 'pino';
import { createLogger } from '../../src/logger.ts';

const PLACEHOLDER = '\u0001';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `message` is the catalogue's text for `key` in that locale, whatever its `{{params}}`
 * were filled with: the template is asked with a marker for every placeholder and matched.
 */
export function isCatalogueText(key: string, locale: Locale, message: string): boolean {
  if (!isMessageKey(key)) return false;
  const marked = translateMessage(key, locale, new Proxy({}, { get: () => PLACEHOLDER }));
  const pattern = marked.split(PLACEHOLDER).map(escape).join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(message);
}

/** Whether a bare message (a socket's `error {message}` carries no key) is one of the catalogue's errors. */
export const isAnyCatalogueError = (locale: Locale, message: string): boolean =>
  Object.keys(apiMessages[locale].errors).some((name) => isCatalogueText(`errors.${name}`, locale, message));

/**
 * Why an answer is not the project's error envelope with a catalogue message (null when it is):
 * `{code: status, message: <catalogue text>, data: {error: <catalogue key>}}`.
 */
export function envelopeProblem(status: number, body: unknown, locale: Locale): string | null {
  if (!body || typeof body !== 'object') return 'not a JSON object';
  const { code, message, data } = body as { code?: unknown; message?: unknown; data?: { error?: unknown } };
  if (code !== status) return `code ${String(code)} is not the status ${status}`;
  const error = data?.error;
  if (typeof error !== 'string') return 'no data.error';
  if (typeof message !== 'string') return 'no message';
  if (!isCatalogueText(`errors.${error}`, locale, message))
    return `"${message}" is not the catalogue's ${error}`;
  return null;
}

/** A logger writing JSON lines into memory, at `level` and above, for a test to read. */
export function capturedLogger(level: 'debug' | 'info' | 'warn' = 'info'): {
  logger: Logger;
  lines: string[];
  /** Lines at error level or above (pino: 50 error, 60 fatal), from line `since` on. */
  errors(since?: number): string[];
} {
  const lines: string[] = [];
  const sink = {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) lines.push(line);
    },
  };
  return {
    logger: createLogger(level, sink),
    lines,
    errors: (since = 0) =>
      lines.slice(since).filter((line) => (JSON.parse(line) as { level: number }).level >= 50),
  };
}
