import type { Endpoint } from '@sfm/protocol';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { TokenService } from '../security/token-service.ts';
import { registerErrorHandler } from './error-handler.ts';
import { IdentityResolver } from './identity.ts';
import { TRUSTED_ACCOUNTS } from '../../test/fakes/trusted-accounts.ts';
import { Router } from './router.ts';

const endpoint = {
  method: 'GET',
  path: '/api/test/shape',
  access: 'public',
  data: z.object({ count: z.number() }),
} as const satisfies Endpoint;

async function appAnswering(data: unknown, validateResponses: boolean) {
  const app = Fastify();
  registerErrorHandler(app);
  const tokens = new TokenService({
    secret: new TextEncoder().encode('x'.repeat(32)),
    clock: () => new Date(),
    ttlSeconds: { user: 60, admin: 60 },
  });
  const limiter = new RateLimiter({ hit: async () => 1, pruneBefore: async () => {} }, () => new Date());
  new Router(app, {
    identities: new IdentityResolver(tokens, TRUSTED_ACCOUNTS),
    limiter,
    validateResponses,
  }).route(endpoint, async () => data as { count: number });
  return app;
}

describe('Router', () => {
  it('wraps data in the success envelope', async () => {
    const res = await (await appAnswering({ count: 1 }, true)).inject({ method: 'GET', url: endpoint.path });
    expect(res.json()).toEqual({ code: 200, message: '成功', data: { count: 1 } });
  });

  it('turns an answer that breaks the protocol into a 500 while validating (dev, tests)', async () => {
    const res = await (
      await appAnswering({ count: 'one' }, true)
    ).inject({ method: 'GET', url: endpoint.path });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ data: { error: 'internal' } });
  });

  it('lets it through when validation is off (production)', async () => {
    const res = await (
      await appAnswering({ count: 'one' }, false)
    ).inject({ method: 'GET', url: endpoint.path });
    expect(res.statusCode).toBe(200);
  });
});

describe('Router admission', () => {
  const userEndpoint = {
    method: 'POST',
    path: '/api/test/user',
    access: 'user',
    body: z.strictObject({ n: z.number() }),
    data: z.object({ ok: z.boolean() }),
  } as const satisfies Endpoint;

  /** A user endpoint whose account check and rate-limit store each log when they start and end. */
  async function userApp(options: { banned: boolean; limit: number }) {
    const log: string[] = [];
    const step = async <T>(name: string, value: T) => {
      log.push(`${name} started`);
      await new Promise((r) => setTimeout(r, 10));
      log.push(`${name} done`);
      return value;
    };
    const tokens = new TokenService({
      secret: new TextEncoder().encode('x'.repeat(32)),
      clock: () => new Date(),
      ttlSeconds: { user: 60, admin: 60 },
    });
    const accounts = {
      ...TRUSTED_ACCOUNTS,
      admitUser: async () => {
        await step('account', undefined);
        if (options.banned) throw new AppError(401, 'errors.account_banned', { reason: '' });
      },
    };
    const limiter = new RateLimiter(
      { hit: () => step('limit', 2), pruneBefore: async () => {} },
      () => new Date(),
    );
    const app = Fastify();
    registerErrorHandler(app);
    new Router(app, {
      identities: new IdentityResolver(tokens, accounts),
      limiter,
      validateResponses: true,
    }).route(userEndpoint, async () => ({ ok: true }), {
      rateLimits: [{ bucket: 'test', limit: options.limit, key: (r) => r.identity.userId }],
    });
    const token = await tokens.sign('user', '00000000-0000-4000-8000-000000000001', 0);
    const call = (body: unknown) =>
      app.inject({ method: 'POST', url: userEndpoint.path, headers: { token }, payload: body as object });
    return { call, log };
  }

  it('checks the account and counts the rate limit side by side, then answers', async () => {
    const { call, log } = await userApp({ banned: false, limit: 5 });
    expect((await call({ n: 1 })).statusCode).toBe(200);
    expect(log.slice(0, 2).sort()).toEqual(['account started', 'limit started']);
  });

  it('answers a refused account first, whatever the input or the limit would have said', async () => {
    const banned = await userApp({ banned: true, limit: 1 });
    expect((await banned.call({ n: 'x' })).json()).toMatchObject({ data: { error: 'account_banned' } });
    expect((await banned.call({ n: 1 })).json()).toMatchObject({ data: { error: 'account_banned' } });
    const limited = await userApp({ banned: false, limit: 1 });
    expect((await limited.call({ n: 'x' })).statusCode).toBe(400);
    expect((await limited.call({ n: 1 })).statusCode).toBe(429);
  });
});
