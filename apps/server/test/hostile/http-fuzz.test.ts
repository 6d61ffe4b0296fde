import { endpoints, isAdminAccess, type Access, type Endpoint, type Locale } from '@sfm/protocol';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, signedInAdmin, type TestAdmin } from '../harness/admin-harness.ts';
import { createTestApp, type TestApp } from '../harness/app-harness.ts';
import { capturedLogger, envelopeProblem } from './catalogue-answers.ts';
import { fuzzSeed } from './fuzz-seed.ts';
import { hostileInputs, type HostileInput } from './hostile-values.ts';
import { protocolEndpoints } from './protocol-endpoints.ts';

/** Runs per endpoint for its rightful caller; callers refused at the door need only a few. */
const RUNS = 15;
const REFUSED_RUNS = 3;
const SEED = fuzzSeed('http fuzz');
const HANG_MS = 5_000;

const log = capturedLogger('warn');
let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await createTestApp({ logger: log.logger });
  admin = await signedInAdmin(t, 'super_admin');
});
afterAll(() => t?.close());

type Caller = 'anonymous' | 'device' | 'user' | 'admin';

/** Who calls an endpoint: its rightful caller(s) with many runs, and a wrong one with a few. */
const callersOf = (access: Access): { caller: Caller; runs: number }[] => {
  if (isAdminAccess(access))
    return [
      { caller: 'admin', runs: RUNS },
      { caller: 'user', runs: REFUSED_RUNS },
    ];
  if (access === 'user')
    return [
      { caller: 'user', runs: RUNS },
      { caller: 'anonymous', runs: REFUSED_RUNS },
    ];
  if (access === 'identity')
    return [
      { caller: 'device', runs: RUNS },
      { caller: 'user', runs: Math.ceil(RUNS / 2) },
    ];
  return [
    { caller: 'anonymous', runs: RUNS },
    { caller: 'user', runs: REFUSED_RUNS },
  ];
};

/**
 * The one 5xx that is an answer, not a fault: the test app has no chat or speech-recognition
 * engine configured, and saying so (503, the catalogue's words) is what the server should do.
 */
const NOT_CONFIGURED = new Set(['chat_unavailable', 'asr_unavailable']);
const isNotConfigured = (status: number, body: { data?: { error?: string } }) =>
  status === 503 && NOT_CONFIGURED.has(body.data?.error ?? '');

/**
 * How the input travels: JSON as it should, or with a content type the route does not take, or
 * as text that is not JSON at all.
 */
type Transport = 'json' | 'text/plain' | 'broken-json';
const transports = fc.constantFrom<Transport>('json', 'json', 'json', 'text/plain', 'broken-json');

/** A query string from any value: keys repeated for arrays, objects as JSON text. */
function queryString(value: unknown): string {
  const params = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      for (const item of Array.isArray(v) ? v : [v]) params.append(key, text(item));
    }
  } else params.append(text(value), '');
  return params.toString();
}

function request(
  endpoint: Endpoint,
  input: HostileInput,
  transport: Transport,
  headers: Record<string, string>,
): InjectOptions {
  if (endpoint.method === 'GET') {
    return { method: 'GET', url: `${endpoint.path}?${queryString(input.value)}`, headers };
  }
  const json = JSON.stringify(input.value) ?? 'null';
  return {
    method: endpoint.method,
    url: endpoint.path,
    headers: { ...headers, 'content-type': transport === 'text/plain' ? 'text/plain' : 'application/json' },
    payload: transport === 'broken-json' ? json.slice(0, Math.max(1, json.length - 1)) + '\u0000{' : json,
  };
}

describe('every protocol endpoint, fed generated and spoiled input', () => {
  const all = protocolEndpoints();

  it('finds the tables of both protocol entries', () => {
    const tables = new Set(all.map((e) => e.name.split('.')[0]));
    expect(tables).toContain('endpoints');
    expect(tables).toContain('adminEndpoints');
    expect(all.length).toBeGreaterThan(50);
  });

  // found by this fuzz: PostgreSQL cannot store U+0000, and a nickname holding one was a 500
  it('a NUL in any text is a 400 naming the field, not a failed query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: endpoints.register.path,
      payload: { phone: '13700000999', code: '123456', password: 'password123', nickname: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ error: 'validation', field: 'nickname' });
  });

  for (const { name, endpoint } of all) {
    for (const { caller, runs } of callersOf(endpoint.access)) {
      it(`${name} (${endpoint.method} ${endpoint.path}) as ${caller}: a 4xx catalogue envelope, never a 5xx`, async () => {
        const logged = log.lines.length;
        // a user of its own per endpoint: an endpoint may delete, ban or spend what it was given
        const headers: Record<string, string> =
          caller === 'user'
            ? (await registeredUser(t)).headers
            : caller === 'admin'
              ? admin.headers
              : caller === 'device'
                ? { deviceid: `fuzz-device-${name.replace(/\W/g, '-')}` }
                : {};
        await fc.assert(
          fc.asyncProperty(
            hostileInputs(endpoint.body ?? endpoint.query),
            transports,
            fc.constantFrom<Locale>('zh-CN', 'en'),
            async (input, transport, locale) => {
              const res = await t.app.inject(
                request(endpoint, input, transport, { ...headers, 'accept-language': locale }),
              );
              const status = res.statusCode;
              if (status >= 400 && !isNotConfigured(status, res.json())) {
                // the server's own account of a 5xx is in its error log: it goes into the report
                const why = `${res.body.slice(0, 300)}\n${log.errors(logged).join('\n').slice(0, 2000)}`;
                expect(status, why).toBeLessThan(500);
              }
              if (status >= 400) {
                expect(envelopeProblem(status, res.json(), locale), res.body.slice(0, 300)).toBeNull();
              }
            },
          ),
          // an answer that never comes is a fault too: the run fails with the input that hung
          { seed: SEED, numRuns: runs, endOnFailure: true, timeout: HANG_MS },
        );
        expect(log.errors(logged)).toEqual([]);
      });
    }
  }
});
