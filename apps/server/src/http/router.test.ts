import type { Endpoint } from '@sfm/protocol';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { TokenService } from '../security/token-service.ts';
import { registerErrorHandler } from './error-handler.ts';
import { IdentityResolver } from './identity.ts';
import { TRUSTED_ACCOUNTS } from './identity-test-support.ts';
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
