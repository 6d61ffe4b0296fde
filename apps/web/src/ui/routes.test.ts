import { describe, expect, it } from 'vitest';
import { pathTo, safeRedirect, searchPart } from './routes.ts';

describe('redirect after login', () => {
  it('accepts same-app paths only', () => {
    expect(safeRedirect('/market/use/3?x=1')).toBe('/market/use/3?x=1');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect('see-for-me')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('paths and queries', () => {
  it('fills in a route path, its parameters encoded', () => {
    expect(pathTo('/market/use/:id', { id: '42' })).toBe('/market/use/42');
    expect(pathTo('/market/scene/:id', { id: 'a b/c' })).toBe('/market/scene/a%20b%2Fc');
  });

  it('writes a query as location.search does', () => {
    expect(searchPart('a=1')).toBe('?a=1');
    expect(searchPart('')).toBe('');
  });
});
