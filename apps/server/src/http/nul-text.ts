/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so a NUL in any string of a request would fail
 * at the database as a 500. No client has a reason to send one: input that holds one is refused at
 * the door, naming where it was found.
 */
export function nulTextPath(value: unknown, path: readonly string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulTextPath(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
