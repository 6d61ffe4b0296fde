import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guards.ts';

const anon = { loggedIn: false, hasAdminToken: false };
const user = { loggedIn: true, hasAdminToken: false };
const admin = { loggedIn: false, hasAdminToken: true };

describe('guardRedirect', () => {
  it('lets anyone open /, /login, /privacy, /download', () => {
    for (const path of ['/', '/login', '/privacy', '/download'])
      expect(guardRedirect(path, '', anon)).toBeNull();
  });

  it('sends an admin route without admin token to /bme_admin with the redirect', () => {
    expect(guardRedirect('/bme_admin/users', '?page=2', anon)).toBe(
      `/bme_admin?redirect=${encodeURIComponent('/bme_admin/users?page=2')}`,
    );
    expect(guardRedirect('/bme_admin/dashboard', '', user)).toBe(
      '/bme_admin?redirect=%2Fbme_admin%2Fdashboard',
    );
  });

  it('lets /bme_admin itself through, and admin routes with an admin token', () => {
    expect(guardRedirect('/bme_admin', '', anon)).toBeNull();
    expect(guardRedirect('/bme_admin/users', '', admin)).toBeNull();
  });

  it('sends login-required routes without a user token to /login with the redirect', () => {
    for (const path of ['/role-select', '/video-call', '/volunteer-calls', '/points-logs']) {
      expect(guardRedirect(path, '', anon)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      expect(guardRedirect(path, '', user)).toBeNull();
    }
  });

  it('sends every other route without a user token to /login, keeping path and search', () => {
    expect(guardRedirect('/see-for-me', '', anon)).toBe('/login?redirect=%2Fsee-for-me');
    expect(guardRedirect('/market/use/7', '?x=1', anon)).toBe(
      `/login?redirect=${encodeURIComponent('/market/use/7?x=1')}`,
    );
    expect(guardRedirect('/profile', '', anon)).toBe('/login?redirect=%2Fprofile');
    expect(guardRedirect('/no-such-page', '', anon)).toBe('/login?redirect=%2Fno-such-page');
    expect(guardRedirect('/see-for-me', '', user)).toBeNull();
    expect(guardRedirect('/profile', '', user)).toBeNull();
  });

  it('a user token does not open the admin area', () => {
    expect(guardRedirect('/bme_admin/scenes', '', user)).toMatch(/^\/bme_admin\?redirect=/);
  });
});
