import { describe, expect, it } from 'vitest';
import { isCameraRoute } from './features.ts';

describe('camera routes', () => {
  it('camera routes: /see-for-me, / and /market/use/…', () => {
    expect(isCameraRoute('/see-for-me')).toBe(true);
    expect(isCameraRoute('/')).toBe(true);
    expect(isCameraRoute('/market/use/7')).toBe(true);
    expect(isCameraRoute('/profile')).toBe(false);
  });
});
