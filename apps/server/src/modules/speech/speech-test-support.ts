import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../config.ts';
import { attachSockets, type AttachedSockets } from '../../sockets/attach-sockets.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app-harness.ts';
import { defaultSpeechConfig, type SpeechConfig } from '../../config/speech-config.ts';

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

export interface AudioInfo {
  codec: string;
  sampleRate: number;
  channels: number;
  duration: number;
}

/** What ffprobe says about an audio file's bytes. */
export async function probeAudio(bytes: Uint8Array): Promise<AudioInfo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sfm-probe-'));
  const file = path.join(dir, 'audio.mp3');
  try {
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,sample_rate,channels:format=duration',
      '-of',
      'json',
      file,
    ]);
    const info = JSON.parse(stdout) as {
      streams: { codec_name: string; sample_rate: string; channels: number }[];
      format: { duration: string };
    };
    const stream = info.streams[0];
    if (!stream) throw new Error('no audio stream');
    return {
      codec: stream.codec_name,
      sampleRate: Number(stream.sample_rate),
      channels: stream.channels,
      duration: Number(info.format.duration),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
