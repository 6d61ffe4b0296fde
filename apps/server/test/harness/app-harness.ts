import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { endpoints, envelope, type Endpoint, type RegisterRequest } from '@sfm/protocol';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import type { z } from 'zod';
import { buildApp, loadServerConfig } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import type { SmsSender } from '../../src/sms/sms-sender.ts';
import { FakeVisionEngine } from '../fakes/vision-engine.ts';
import type { VisionEngine } from '../../src/engines/vision/vision-engine.ts';
import type { SpeechSynthesizer } from '../../src/engines/tts/speech-synthesizer.ts';
import type { ServerLifecycle } from '../../src/lifecycle/server-lifecycle.ts';
import type { ImageStore } from '../../src/storage/image-store.ts';
import { PasswordHasher, TEST_ARGON2 } from '../../src/security/password-hasher.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

/** Records codes instead of sending them. */
class FakeSmsSender implements SmsSender {
  readonly sent: { phone: string; code: string }[] = [];
  async send(phone: string, code: string): Promise<void> {
    this.sent.push({ phone, code });
  }
  lastCode(phone: string): string {
    const last = this.sent.filter((s) => s.phone === phone).at(-1);
    if (!last) throw new Error(`no code sent to ${phone}`);
    return last.code;
  }
}

/** A clock the test moves by hand. */
export class ManualClock {
  private ms = Date.now();
  readonly now = () => new Date(this.ms);
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** A built web app folder with an index page and one hashed asset. */
async function createWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sfm-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script>' +
      '<link rel="stylesheet" href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, 'assets/index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dir, 'assets/index-abc123.css'), 'body{margin:0}');
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  sms: FakeSmsSender;
  clock: ManualClock;
  database: TestDatabase;
  /** The engine given to the app: a FakeVisionEngine unless the test passed its own. */
  vision: VisionEngine;
  /** A temporary DATA_DIR (analysed images go to `images/` under it), removed at close. */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  logger?: Logger;
  /** Reuse a database (e.g. two app instances sharing one, like two nodes). */
  database?: TestDatabase;
  /** Adds test-only routes before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Defaults to a FakeVisionEngine (fast, deterministic). */
  visionEngine?: VisionEngine;
  imageStore?: ImageStore;
  /** Defaults to one that is ready at once. */
  lifecycle?: ServerLifecycle;
  /** Defaults from the config (the embedded engine). */
  speechSynthesizer?: SpeechSynthesizer;
}

/** The server secret of every test app (keys derived from it, e.g. a gateway's, can be rebuilt by a test). */
export const JWT_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
const hasher = new PasswordHasher(TEST_ARGON2);

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const sms = new FakeSmsSender();
  const clock = new ManualClock();
  const webDist = await createWebDist();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sfm-data-'));
  const vision = options.visionEngine ?? new FakeVisionEngine();
  const config: Config = {
    ...loadServerConfig({ LOG_LEVEL: 'silent' }),
    dataDir,
    webDistDir: webDist,
    loginRateLimitPerMinute: 1000,
    ...options.config,
  };
  const app = await buildApp({
    config,
    db: database.db,
    dbMode: 'embedded',
    jwtSecret: JWT_SECRET,
    logger: options.logger ?? createLogger('silent'),
    smsSender: sms,
    clock: clock.now,
    passwordHasher: hasher,
    visionEngine: vision,
    imageStore: options.imageStore,
    lifecycle: options.lifecycle,
    speechSynthesizer: options.speechSynthesizer,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    sms,
    clock,
    database,
    vision,
    dataDir,
    close: async () => {
      await app.close();
      await rm(webDist, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
      if (!options.database) await database.drop();
    },
  };
}

type Json = Record<string, unknown>;
export interface CallResult {
  status: number;
  headers: Record<string, unknown>;
  body: { code: number; message: string; data: unknown };
}

/** Calls an endpoint by its protocol entry; `headers` carry identity (token / deviceId). */
export async function call(
  app: FastifyInstance,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  payload?: Json,
  headers: Record<string, string> = {},
): Promise<CallResult> {
  const request: InjectOptions = { method: endpoint.method, url: endpoint.path, headers };
  if (payload !== undefined) {
    if (endpoint.method === 'GET') request.query = payload as Record<string, string>;
    else request.payload = payload;
  }
  const res = await app.inject(request);
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

/** Asserts a 200 envelope whose data matches the endpoint's schema, and returns the data. */
export function expectOk<E extends Endpoint>(endpoint: E, res: CallResult): z.infer<E['data']> {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = envelope(endpoint.data).parse(res.body);
  expect(parsed.code).toBe(200);
  return parsed.data as z.infer<E['data']>;
}

/** Asserts an error envelope: status, catalogue error name and (when given) the translated text. */
export function expectError(res: CallResult, status: number, error: string, message?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(status);
  expect(res.body.data).toMatchObject({ error });
  if (message !== undefined) expect(res.body.message).toBe(message);
}

export const auth = (token: string) => ({ token, userType: 'registered' });

/** Registers as a user does: a code sent to the phone, then the account with it. */
export async function registerWithCode(
  t: Pick<TestApp, 'app' | 'sms'>,
  body: Omit<RegisterRequest, 'code'>,
): Promise<CallResult> {
  expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone: body.phone }));
  return call(t.app, endpoints.register, { ...body, code: t.sms.lastCode(body.phone) });
}
