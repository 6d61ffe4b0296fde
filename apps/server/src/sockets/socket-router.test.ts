import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import { IdentityResolver } from '../http/identity.ts';
import { TRUSTED_ACCOUNTS } from '../../test/fakes/trusted-accounts.ts';
import { createLogger } from '../logger.ts';
import { RateLimiter, type RateLimitStore } from '../rate-limit/rate-limiter.ts';
import { TokenService } from '../security/token-service.ts';
import { nextEvent, TestSockets } from '../../test/harness/socket-clients.ts';
import { SocketRouter } from './socket-router.ts';

const events = {
  echo: z.object({ n: z.number() }),
  frame: z.object({ data: z.string() }),
  refuse: z.object({}),
  crash: z.object({}),
  use: z.object({}),
};

const logs: { msg: string }[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  }),
);
/** Hits per limit check: over 2 is refused; `down` makes the store unreachable. */
const store: RateLimitStore & { hits: number; down: boolean } = {
  hits: 0,
  down: false,
  async hit() {
    if (this.down) throw new Error('database unreachable');
    return ++this.hits;
  },
  async pruneBefore() {},
};

const httpServer = createServer();
const io = new Server(httpServer);
let url = '';
let warmed = false;
let router: SocketRouter;
let tokens: TokenService;
/** The addresses the /test namespace's guard was shown. */
const guarded: string[] = [];

beforeAll(async () => {
  tokens = new TokenService({
    secret: new TextEncoder().encode('x'.repeat(32)),
    clock: () => new Date(),
    ttlSeconds: { user: 60, admin: 60 },
  });
  router = new SocketRouter({
    identities: new IdentityResolver(tokens, TRUSTED_ACCOUNTS),
    limiter: new RateLimiter(store, () => new Date()),
    logger,
    clientAddress: (request) => request.socket.remoteAddress ?? '',
  });
  router.namespace({
    path: '/test',
    label: 'test channel',
    events,
    dropMalformed: ['frame'],
    // a guard sees the identity and the address before the connection exists
    guards: [
      async ({ identity, ip }) => {
        guarded.push(ip);
        if (identity.kind === 'device' && identity.deviceId === 'refused-device')
          throw new AppError(429, 'errors.device_limit_reached');
      },
    ],
    connect: (client) => ({
      on: {
        echo: ({ n }) => client.emit('echoed', { n, who: client.identity }),
        frame: ({ data }) => client.emit('framed', { data }),
        refuse: () => {
          throw new AppError(404, 'errors.not_found');
        },
        crash: async () => {
          throw new Error('a bug');
        },
        use: async () => {
          const refusal = await client.rateLimit('test', 2);
          client.emit('used', { refused: refusal ? client.message(refusal) : null });
        },
      },
    }),
    warmUp: async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      warmed = true;
    },
  });
  router.namespace({
    path: '/cold',
    label: 'cold channel',
    events: {},
    connect: () => ({ on: {} }),
    warmUp: async () => {
      throw new Error('no engine');
    },
  });
  router.attach(io);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/test`;
});

afterAll(async () => {
  clients.closeAll();
  await io.close();
});

const clients = new TestSockets();
const open = (auth: Record<string, string> = { deviceId: 'router-test-device' }) => clients.open(url, auth);
const next = nextEvent;

describe('SocketRouter', () => {
  it('warms the namespaces as it attaches, and logs a warm-up that fails', async () => {
    await expect.poll(() => warmed).toBe(true);
    expect(logs.map((l) => l.msg)).toContain('cold channel warm-up failed');
  });

  it('refuses a connection without identity with the catalogue text', async () => {
    await expect(open({})).rejects.toThrow('请先登录');
  });

  it("runs the namespace's guards with the client's address: a refusal is the connect error", async () => {
    await expect(open({ deviceId: 'refused-device' })).rejects.toThrow(
      '今天这个网络上未登录使用的设备已达上限，请登录后继续使用',
    );
    expect(guarded.at(-1)).toMatch(/127\.0\.0\.1$/);
    (await open()).disconnect();
  });

  it('hands a handler the validated payload and the identity', async () => {
    const socket = await open();
    const echoed = next(socket, 'echoed');
    socket.emit('echo', { n: 7 });
    expect(await echoed).toEqual({ n: 7, who: { kind: 'device', deviceId: 'router-test-device' } });
    socket.disconnect();
  });

  it('answers a malformed payload with the validation error, or drops it quietly where told', async () => {
    const socket = await open();
    let framed = 0;
    socket.on('framed', () => framed++);
    const error = next<{ message: string }>(socket, 'error');
    socket.emit('echo', { n: 'seven' });
    expect((await error).message).toBe('请求参数有误');
    const errors: unknown[] = [];
    socket.on('error', (e: unknown) => errors.push(e));
    socket.emit('frame', { data: 42 });
    const echoed = next(socket, 'echoed');
    socket.emit('echo', { n: 1 });
    await echoed;
    expect([framed, errors.length]).toEqual([0, 0]);
    socket.disconnect();
  });

  it('turns an AppError into the error event and logs any other failure, the socket going on', async () => {
    const socket = await open();
    const error = next<{ message: string }>(socket, 'error');
    socket.emit('refuse', {});
    expect((await error).message).toBe('请求的资源不存在');
    socket.emit('crash', {});
    const echoed = next(socket, 'echoed');
    socket.emit('echo', { n: 2 });
    await echoed;
    await expect.poll(() => logs.map((l) => l.msg)).toContain('test channel socket handler failed');
    socket.disconnect();
  });

  it('counts uses per identity, refuses over the limit, and lets uses through while the limiter is down', async () => {
    const socket = await open();
    const use = async () => {
      const used = next<{ refused: string | null }>(socket, 'used');
      socket.emit('use', {});
      return (await used).refused;
    };
    store.hits = 0;
    expect(await use()).toBeNull();
    expect(await use()).toBeNull();
    expect(await use()).toMatch(/^操作太频繁，请 \d+ 秒后再试$/);
    store.down = true;
    expect(await use()).toBeNull();
    store.down = false;
    expect(logs.map((l) => l.msg)).toContain('test channel rate limit unavailable');
    socket.disconnect();
  });

  it("closes every socket of a user on demand (a ban), and no one else's", async () => {
    const banned = await open({ token: await tokens.sign('user', 'user-banned', 0) });
    const other = await open({ token: await tokens.sign('user', 'user-other', 0) });
    const device = await open();
    const closed = next<string>(banned, 'disconnect');
    router.disconnectUser('user-banned');
    expect(await closed).toBe('io server disconnect');
    const echoed = next(other, 'echoed');
    other.emit('echo', { n: 3 });
    await echoed;
    expect([other.connected, device.connected]).toEqual([true, true]);
    other.disconnect();
    device.disconnect();
  });
});
