/** A satisfiable single byte range of a file, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The Range header of a download (RFC 9110 §14.1.2), for one range: `bytes=a-b`, `bytes=a-`,
 * `bytes=-n` (the last n bytes). Null: no header, or one this server answers with the whole file
 * (several ranges, another unit). 'unsatisfiable': a range that starts past the end (answered 416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return end < start ? null : { start, end };
}
