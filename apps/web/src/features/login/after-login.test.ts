import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from './after-login.ts';

describe('redirect after login', () => {
  it('with a role goes to the redirect target, else /see-for-me', () => {
    expect(afterLoginTarget('/aichat', 0)).toBe('/aichat');
    expect(afterLoginTarget('https://evil.example', 0)).toBe('/see-for-me');
    expect(afterLoginTarget(undefined, 1)).toBe('/see-for-me');
  });

  it('without a role asks for it on /role-select first, keeping the redirect target for after', () => {
    expect(afterLoginTarget('/aichat?x=1', null)).toBe('/role-select?redirect=%2Faichat%3Fx%3D1');
    expect(afterLoginTarget(null, null)).toBe('/role-select');
    expect(afterLoginTarget('https://evil.example', undefined)).toBe('/role-select');
    expect(afterLoginTarget('/role-select?redirect=%2Fprofile', null)).toBe(
      '/role-select?redirect=%2Fprofile',
    );
  });
});
