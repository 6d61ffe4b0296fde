import { describe, expect, it } from 'vitest';
import { socialLoginConfigOrThrow } from './social-login-config.ts';

const ISSUER = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'sfm' };

describe('social login config', () => {
  it('is off without OIDC_ISSUER', () => {
    expect(socialLoginConfigOrThrow({})).toEqual({ oidc: null });
  });

  it('defaults the scopes, the label (the issuer host) and the callback (PUBLIC_URL + /auth/callback)', () => {
    expect(socialLoginConfigOrThrow({ ...ISSUER, PUBLIC_URL: 'https://sfm.example/' }).oidc).toMatchObject({
      clientId: 'sfm',
      clientSecret: undefined,
      scopes: 'openid profile',
      label: 'id.example.com',
      redirectUri: 'https://sfm.example/auth/callback',
      allowHttp: false,
    });
  });

  it('allows http only on a loopback issuer', () => {
    const loopback = { OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'sfm', PUBLIC_URL: 'http://x' };
    expect(socialLoginConfigOrThrow(loopback).oidc?.allowHttp).toBe(true);
    expect(() => socialLoginConfigOrThrow({ ...loopback, OIDC_ISSUER: 'http://id.example.com' })).toThrow(
      /https/,
    );
  });

  it('says what is missing or wrong, all at start', () => {
    expect(() => socialLoginConfigOrThrow({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(() => socialLoginConfigOrThrow(ISSUER)).toThrow(/OIDC_REDIRECT_URI or PUBLIC_URL/);
    expect(() =>
      socialLoginConfigOrThrow({ ...ISSUER, OIDC_REDIRECT_URI: 'https://sfm.example/elsewhere' }),
    ).toThrow(/\/auth\/callback/);
    expect(() =>
      socialLoginConfigOrThrow({ ...ISSUER, PUBLIC_URL: 'https://sfm.example', OIDC_SCOPES: 'profile' }),
    ).toThrow(/openid/);
  });
});
