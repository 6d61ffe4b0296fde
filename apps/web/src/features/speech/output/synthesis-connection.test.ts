import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProtocolSchemas } from '../../../api/protocol-schemas.ts';
import { FakePlayer, FakeSocket, FakeSpeechIdentity } from '../../../../test/fakes/speech.ts';
import { CloudSpeechEngine } from './cloud-engine.ts';
import {
  BROWSER_SYNTHESIS_SOCKET,
  SYNTHESIS_CONNECT_TIMEOUT_MS,
  SYNTHESIS_CONNECT_WAIT_MS,
} from './cloud-speech-config.ts';
import type { MseAudioPlayer } from './mse-audio-player.ts';
import { SilentSpeechEngine } from './silent-engine.ts';
import { SpeechOutputService } from './speech-output-service.ts';
import { CLOUD_VOICE_NOT_CONNECTED, SynthesisConnection } from './synthesis-connection.ts';
import type { EngineOutcome, PlaybackState, SpeechEngine } from './types.ts';

beforeAll(() => loadProtocolSchemas());
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Every socket the factory makes: none connects until the test says so. */
function setup() {
  const sockets: FakeSocket[] = [];
  const connection = new SynthesisConnection({
    socket: BROWSER_SYNTHESIS_SOCKET,
    socketFactory: () => {
      const socket = new FakeSocket(false);
      sockets.push(socket);
      return socket as unknown as Socket;
    },
    identity: new FakeSpeechIdentity(),
    wire: () => undefined,
    busy: () => false,
  });
  return { connection, sockets };
}

/** When a promise settles, on the fake clock. */
function track<T>(promise: Promise<T>) {
  const outcome: { at: number | null; value?: T; error?: string } = { at: null };
  promise.then(
    (value) => Object.assign(outcome, { at: Date.now(), value }),
    (error: Error) => Object.assign(outcome, { at: Date.now(), error: error.message }),
  );
  return outcome;
}

describe('the cloud voice connection: never more than 2 s of silence for a text', () => {
  it('the spec 30 s connect timeout; a text waits 2 s at most', () => {
    expect(SYNTHESIS_CONNECT_TIMEOUT_MS).toBe(30_000);
    expect(BROWSER_SYNTHESIS_SOCKET.timeoutMs).toBe(30_000);
    expect(SYNTHESIS_CONNECT_WAIT_MS).toBe(2_000);
  });

  it('a socket that never connects: the first text gives up after 2 s, the next at once, the attempt goes on', async () => {
    const { connection, sockets } = setup();
    const start = Date.now();
    const first = track(connection.forText());
    await vi.advanceTimersByTimeAsync(SYNTHESIS_CONNECT_WAIT_MS - 1);
    expect(first.at).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(first).toEqual({ at: start + SYNTHESIS_CONNECT_WAIT_MS, error: CLOUD_VOICE_NOT_CONNECTED });

    const second = track(connection.forText());
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toEqual({ at: start + SYNTHESIS_CONNECT_WAIT_MS, error: CLOUD_VOICE_NOT_CONNECTED });
    expect(sockets).toHaveLength(1); // the same attempt, not a new one per text

    // it connects late, within its 30 s: the next text is said on it at once
    sockets[0]!.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    const third = track(connection.forText());
    await vi.advanceTimersByTimeAsync(0);
    expect(third.value).toBe(sockets[0]);
    expect(sockets).toHaveLength(1);
  });

  it('an attempt that fails (30 s timeout) is remembered: the next text starts another and does not wait', async () => {
    const { connection, sockets } = setup();
    const prepared = track(connection.connect()); // app start
    await vi.advanceTimersByTimeAsync(SYNTHESIS_CONNECT_TIMEOUT_MS);
    expect(prepared.error).toBe('connection timeout');
    expect(sockets[0]!.connected).toBe(false);

    const text = track(connection.forText());
    await vi.advanceTimersByTimeAsync(0);
    expect(text.error).toBe(CLOUD_VOICE_NOT_CONNECTED);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    const next = track(connection.forText());
    await vi.advanceTimersByTimeAsync(0);
    expect(next.value).toBe(sockets[1]);
  });

  it('a refused connection is given up at once, not after the wait', async () => {
    const { connection, sockets } = setup();
    const text = track(connection.forText());
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.serverEmits('connect_error', new Error('websocket error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(text).toEqual({ at: Date.now(), error: 'websocket error' });
  });

  it('after a good connection dropped, a text waits (2 s at most) for the new one and is said on it', async () => {
    const { connection, sockets } = setup();
    const first = track(connection.forText());
    sockets[0]!.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(first.value).toBe(sockets[0]);
    sockets[0]!.serverEmits('disconnect');

    const second = track(connection.forText());
    await vi.advanceTimersByTimeAsync(300);
    sockets[1]!.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(second.value).toBe(sockets[1]);
  });

  it('closed while connecting: the next connection opens afresh instead of waiting for the old attempt', async () => {
    const { connection, sockets } = setup();
    void connection.connect().catch(() => undefined);
    connection.close();
    const text = track(connection.forText());
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(text.value).toBe(sockets[1]);
  });
});

/** The device's voice: says each text at once and records when it was asked. */
class DeviceVoice implements SpeechEngine {
  readonly name = 'browser' as const;
  said: { text: string; at: number }[] = [];
  available() {
    return true;
  }
  speak(text: string, hooks: { onStart(): void }): Promise<EngineOutcome> {
    this.said.push({ text, at: Date.now() });
    hooks.onStart();
    return Promise.resolve({ kind: 'done' });
  }
  cancel() {}
  state(): PlaybackState {
    return 'idle';
  }
  pause() {
    return false;
  }
  resume() {
    return false;
  }
}

describe('speech output with a cloud voice whose socket never connects', () => {
  it('the first text is said by the device voice after 2 s, the next ones at once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = new FakeSocket(false);
    const cloud = new CloudSpeechEngine({
      player: new FakePlayer() as unknown as MseAudioPlayer,
      identity: new FakeSpeechIdentity(),
      socketFactory: () => socket as unknown as Socket,
    });
    const device = new DeviceVoice();
    const service = new SpeechOutputService({
      chain: () => [cloud, device],
      silent: new SilentSpeechEngine(),
      engines: [cloud, device],
      domEvents: false,
    });
    const start = Date.now();
    const first = service.speak('前方有台阶');
    await vi.advanceTimersByTimeAsync(SYNTHESIS_CONNECT_WAIT_MS);
    await first;
    const second = service.speak('左转');
    await vi.advanceTimersByTimeAsync(0);
    await second;
    expect(device.said).toEqual([
      { text: '前方有台阶', at: start + SYNTHESIS_CONNECT_WAIT_MS },
      { text: '左转', at: start + SYNTHESIS_CONNECT_WAIT_MS },
    ]);
    expect(socket.emitted.filter(([event]) => event === 'synthesizeText')).toEqual([]);
    service.dispose();
  });
});
