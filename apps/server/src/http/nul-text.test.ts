import { describe, expect, it } from 'vitest';
import { nulTextPath } from './nul-text.ts';

describe('nulTextPath', () => {
  it('names where a NUL is, in a value, a nested value or a key', () => {
    expect(nulTextPath({ phone: '139', nickname: 'a\u0000b' })).toBe('nickname');
    expect(nulTextPath({ report: { notes: ['ok', '\u0000'] } })).toBe('report.notes.1');
    expect(nulTextPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulTextPath('\u0000')).toBe('');
  });

  it('passes everything else, other control characters and emoji included', () => {
    expect(nulTextPath({ a: 'line\nbreak\t\u0001', b: 1, c: null, d: [true, '👨‍👩‍👧'] })).toBeNull();
    expect(nulTextPath(undefined)).toBeNull();
  });
});
