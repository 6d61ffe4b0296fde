import { Writable } from 'node:stream';
import { originSockets } from './security.ts';
import { endpoints } from '@sfm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';

import {
  registerWithCode,
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../test/harness/app-harness.ts';

let t: TestApp;
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({
    config: { bodyLimitBytes: 1024 },
    logger: createLogger('info', logSink),
    beforeReady: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
    },
  });
});
afterAll(() => t.close());

describe('API plumbing', () => {
  it('reports health', async () => {
    expect(expectOk(endpoints.health, await call(t.app, endpoints.health))).toEqual({
      status: 'ok',
      db: 'embedded',
    });
  });

  it('answers malformed JSON with 400 body_invalid_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: endpoints.login.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: '请求内容不是有效的 JSON',
      data: { error: 'body_invalid_json' },
    });
  });

  it('answers a missing body with a validation error', async () => {
    const res = await t.app.inject({ method: 'POST', url: endpoints.login.path });
    expectError({ status: res.statusCode, headers: res.headers, body: res.json() }, 400, 'validation');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await call(t.app, endpoints.login, { phone: '13800138000', password: 'x'.repeat(2000) });
    expectError(res, 413, 'body_too_large', '请求内容过大');
  });

  it('answers unknown API paths with the JSON 404, whatever the method', async () => {
    expectError(await call(t.app, { method: 'GET', path: '/api/nope' }), 404, 'not_found');
    expectError(await call(t.app, { method: 'POST', path: '/api/nope' }, {}), 404, 'not_found');
  });

  it('hides the cause of a 500 from the caller but logs it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      message: '服务器开小差了，请稍后重试',
      data: { error: 'internal' },
    });
    expect(res.body).not.toMatch(/secret internals|at .*\.ts/);
    expect(logLines.join('')).toContain('secret internals');
  });

  it('never logs passwords or tokens', async () => {
    const password = 'very-secret-pw-1';
    const session = expectOk(
      endpoints.register,
      await registerWithCode(t, { phone: '13500135000', password }),
    );
    await call(t.app, endpoints.me, undefined, auth(session.token));
    await call(t.app, endpoints.me, undefined, { authorization: `Bearer ${session.token}` });
    await call(t.app, endpoints.refreshToken, { refreshToken: session.refreshToken });
    const logs = logLines.join('');
    expect(logs).toContain('/api/users/me');
    for (const secret of [password, session.token, session.refreshToken]) expect(logs).not.toContain(secret);
  });

  it('logs request paths without their query strings (a signed image URL is a credential)', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/vision/images/00000000-0000-0000-0000-000000000000?exp=1&sig=topsecret',
    });
    const logs = logLines.join('');
    expect(logs).toContain('/api/vision/images/00000000-0000-0000-0000-000000000000');
    expect(logs).not.toContain('topsecret');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows the app itself, media/img blobs and sockets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'sfm.example:3000' } });
    const csp = String(res.headers['content-security-policy']);
    // WebAssembly may compile (the live channels' engines); JavaScript eval stays forbidden
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("media-src 'self' blob: data:");
    expect(csp).toContain("img-src 'self' blob: data:");
    // sockets to this host only, never to any host (security review, finding 13)
    expect(csp).toContain("connect-src 'self' ws://sfm.example:3000 wss://sfm.example:3000;");
    const forged = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'x; script-src *' } });
    expect(String(forged.headers['content-security-policy'])).toMatch(/connect-src 'self'\s*;/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the configured origins’ sockets in too, each on its own scheme', () => {
    expect(originSockets(['https://app.example', 'http://10.0.0.2:3000', 'capacitor://localhost'])).toEqual([
      'wss://app.example',
      'ws://10.0.0.2:3000',
    ]);
  });

  it('sends no CORS headers unless CORS_ORIGINS is set', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: endpoints.health.path,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const withCors = await createTestApp({
      config: { corsOrigins: ['capacitor://localhost'] },
      database: t.database,
    });
    try {
      const preflight = await withCors.app.inject({
        method: 'OPTIONS',
        url: endpoints.login.path,
        headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBe('capacitor://localhost');
      const other = await withCors.app.inject({
        method: 'GET',
        url: endpoints.health.path,
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await withCors.close();
    }
  });
});

describe('web app', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache', async () => {
    for (const asset of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('falls back to index.html for client routes, but not for missing assets', async () => {
    for (const route of ['/see-for-me', '/bme_admin/users', '/market/use/1?x=1']) {
      const res = await t.app.inject({ method: 'GET', url: route });
      expect(res.statusCode, route).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('explains how to build when the web app is missing, without crashing', async () => {
    const bare = await createTestApp({ config: { webDistDir: '/nonexistent/dist' }, database: t.database });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await bare.app.inject({ method: 'GET', url: endpoints.health.path })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
