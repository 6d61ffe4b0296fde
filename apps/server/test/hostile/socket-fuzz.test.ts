import type { Locale } from '@sfm/protocol';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSpeechConfig } from '../../src/config/speech-config.ts';
import { startListeningApp, type ListeningApp } from '../harness/listening-app.ts';
import { registeredUser, signedInAdmin } from '../harness/admin-harness.ts';
import { TestSockets } from '../harness/socket-clients.ts';
import { capturedLogger, isAnyCatalogueError } from './catalogue-answers.ts';
import { fuzzSeed } from './fuzz-seed.ts';
import { hostileInputs } from './hostile-values.ts';
import { watchSocketNamespaces } from './socket-namespaces.ts';

const RUNS = 15;
/** How long the server gets to answer one event before the next is sent. */
const SETTLE_MS = 15;
const SEED = fuzzSeed('socket fuzz');

const namespaces = watchSocketNamespaces();

const log = capturedLogger('warn');
let server: ListeningApp;
let auths: Record<'identity' | 'user' | 'admin', Record<string, string>>;
const clients = new TestSockets();

beforeAll(async () => {
  // one synthesis worker: the fuzz needs the engine to answer, not to be fast
  const speech = defaultSpeechConfig();
  server = await startListeningApp({ tts: { ...speech.tts, workers: 1 } }, {}, { logger: log.logger });
  namespaces.stop();
  const user = await registeredUser(server);
  const admin = await signedInAdmin(server, 'super_admin');
  auths = {
    identity: { deviceId: 'fuzz-socket-device', userType: 'temporary' },
    user: { token: user.token, userType: 'registered' },
    admin: { token: admin.token },
  };
});
afterAll(async () => {
  clients.closeAll();
  await server?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every socket namespace, fed generated and spoiled payloads', () => {
  it('finds the namespaces the modules register', () => {
    expect(namespaces.found.map((d) => d.path)).toEqual(
      expect.arrayContaining(['/speech', '/speech-synthesis', '/calls', '/call-operators']),
    );
  });

  it('answers each spoiled event with a catalogue error or ignores it; nothing is logged as a failure', async () => {
    for (const definition of namespaces.found) {
      for (const [event, schema] of Object.entries(definition.events)) {
        // both catalogues, spread over the events
        const locale: Locale = event.length % 2 ? 'en' : 'zh-CN';
        const socket: Socket = await clients.open(
          `${server.url}${definition.path}`,
          auths[definition.access ?? 'identity'],
          { 'accept-language': locale },
        );
        const heard: string[] = [];
        // whatever the server says with a message (error, taskFailed, …) says it in catalogue words
        socket.onAny((_event, data: { message?: unknown } | undefined) => {
          if (typeof data?.message === 'string') heard.push(data.message);
        });
        const logged = log.lines.length;
        // what was sent, for the report: a refusal or a log line may come from any of them
        const sent: string[] = [];
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              hostileInputs(schema).map((input) => [input.value]),
              // what a JSON body cannot carry: binary, several arguments, none
              fc.constant([Buffer.from([0, 255, 1])]),
              fc.constant([{ a: 1 }, 'second', 3]),
              fc.constant([]),
            ),
            async (args) => {
              sent.push((JSON.stringify(args) ?? '').slice(0, 120));
              socket.emit(event, ...args);
              await pause(SETTLE_MS);
            },
          ),
          { seed: SEED, numRuns: RUNS },
        );
        await pause(100);
        const where = `${definition.path} ${event} after ${sent.join(' | ')}`;
        expect(
          heard.filter((message) => !isAnyCatalogueError(locale, message)),
          where,
        ).toEqual([]);
        expect(log.errors(logged), where).toEqual([]);
        // and the server kept the connection: a bad payload is answered, not a reason to hang up
        expect(socket.connected, where).toBe(true);
        socket.disconnect();
      }
    }
  }, 60_000);
});
