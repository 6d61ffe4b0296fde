import { describe, expect, it } from 'vitest';
import { safeRedirect } from './routes.ts';

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
