import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config.ts';
import { attachSockets, type AttachedSockets } from '../../src/sockets/attach-sockets.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './app-harness.ts';
import { defaultSpeechConfig, type SpeechConfig } from '../../src/config/speech-config.ts';

export interface ListeningApp extends TestApp {
  url: string;
  sockets: AttachedSockets;
}

/** A real listening server (port 0) with socket.io attached, as main.ts runs it. */
export async function startListeningApp(
  speech: Partial<SpeechConfig> = {},
  config: Partial<Config> = {},
  options: Omit<TestAppOptions, 'config'> = {},
) {
  const testApp = await createTestApp({
    ...options,
    config: { ...config, speech: { ...defaultSpeechConfig(), ...speech } },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const sockets = attachSockets(testApp.app, { corsOrigins: [] });
  const { port } = testApp.app.server.address() as AddressInfo;
  return {
    ...testApp,
    url: `http://127.0.0.1:${port}`,
    sockets,
    close: async () => {
      await sockets.close();
      await testApp.close();
    },
  } satisfies ListeningApp;
}
