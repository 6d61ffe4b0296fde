import type { SocketAuth } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProtocolSchemas } from '../../../api/protocol-schemas.ts';
import { CloudSpeechEngine } from './cloud-engine.ts';
import {
  ANDROID_STREAM_TIMINGS,
  ANDROID_SYNTHESIS_SOCKET,
  BROWSER_SYNTHESIS_SOCKET,
  synthesisSocketOptionsFor,
  type StreamTimings,
  type SynthesisSocketOptions,
} from './cloud-speech-config.ts';
import type { SocketOptions } from '../speech-socket.ts';
import { UNSUPPORTED_MPEG, type MseAudioPlayer } from './mse-audio-player.ts';
import type { SpeechTask } from './speech-task.ts';
import { FakePlayer, FakeSocket, FakeSpeechIdentity } from '../../../../test/fakes/speech.ts';

// The engine checks socket events with the protocol's schemas, loaded once per page: here before any
// test, as in a running app, so no test depends on whether an earlier file loaded them (the opening
// of a socket would otherwise wait a tick for the import, behind the fake clock).
beforeAll(() => loadProtocolSchemas());

let now = 0;
beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
});
afterEach(() => vi.useRealTimers());

function setup(
  platform: { timings?: StreamTimings; socket?: SynthesisSocketOptions } = {},
  socket = new FakeSocket(true),
) {
  const player = new FakePlayer();
  const tasks: SpeechTask[] = [];
  const opened: SocketOptions[] = [];
  const engine = new CloudSpeechEngine({
    ...platform,
    player: player as unknown as MseAudioPlayer,
    socketFactory: (_namespace, options) => {
      opened.push(options);
      return socket as unknown as Socket;
    },
    rate: () => 1.25,
    voice: () => 'cmn',
    now: () => now,
    onTask: (t) => tasks.push({ ...t }),
  });
  return { engine, socket, player, tasks, opened };
}
/** Speaks and lets the server start the task and send one chunk; `done` is the speak's outcome. */
async function speakWithData(engine: CloudSpeechEngine, socket: FakeSocket, text = '前方') {
  const done = engine.speak(text, { onStart: () => undefined, priority: 'routine' });
  await vi.advanceTimersByTimeAsync(0);
  socket.serverEmits('synthesisStarted', {});
  socket.serverEmits('audioGenerated', { audioData: AUDIO });
  return { done };
}
const advance = async (ms: number) => {
  now += ms;
  await vi.advanceTimersByTimeAsync(ms);
};
const AUDIO = btoa('\u0001\u0002\u0003');

describe('cloud speech engine', () => {
  it('starts a task, sends the spec options and the text, plays chunks and completes after the gap', async () => {
    const { engine, socket, player, tasks } = setup();
    const onStart = vi.fn();
    const done = engine.speak('前方路口', { onStart, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.emitted).toEqual([
      [
        'startSynthesis',
        {
          options: {
            format: 'mp3',
            sampleRate: 22050,
            volume: 50,
            rate: 1.25,
            pitch: 1,
            textType: 'PlainText',
            voice: 'cmn',
          },
        },
      ],
      ['synthesizeText', { text: '前方路口' }],
    ]);
    expect(tasks[0]).toMatchObject({ text: '前方路口', status: 'pending' });
    socket.serverEmits('audioGenerated', { audioData: AUDIO }); // before synthesisStarted: stale
    expect(player.chunks).toHaveLength(0);
    socket.serverEmits('synthesisStarted', {});
    socket.serverEmits('audioGenerated', { audioData: AUDIO });
    socket.serverEmits('audioGenerated', { audioData: AUDIO });
    expect(player.chunks.map((c) => c.seq)).toEqual([0, 1]);
    player.onStart?.();
    expect(onStart).toHaveBeenCalledOnce();
    expect(engine.state()).toBe('speaking');
    await advance(6_000);
    expect(player.done).toBe(false);
    await advance(1_000); // > 6 s without data: the stream is done
    expect(player.done).toBe(true);
    player.ended = true;
    await advance(500);
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(tasks.at(-1)).toMatchObject({ status: 'completed', endReason: 'player-ended' });
    expect(engine.state()).toBe('idle');
  });

  it('cancel stops the synthesis and fails the task', async () => {
    const { engine, socket, tasks } = setup();
    const done = engine.speak('取消我', { onStart: () => undefined, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(0);
    engine.cancel();
    await expect(done).resolves.toEqual({ kind: 'cancelled' });
    expect(socket.emitted.at(-1)?.[0]).toBe('stopSynthesis');
    expect(tasks.at(-1)).toMatchObject({ status: 'failed' });
  });

  it('a server error fails the task with its message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { engine, socket } = setup();
    const done = engine.speak('错误', { onStart: () => undefined, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverEmits('error', { message: '语音合成失败' });
    await expect(done).resolves.toEqual({ kind: 'failed', reason: '语音合成失败' });
    expect(engine.state()).toBe('error');
  });

  it('a voice that connects but sends no audio is given up after 2 s (spec §9 auto-stop), not 30', async () => {
    const { engine, socket, tasks } = setup();
    const done = engine.speak('没有声音', { onStart: () => undefined, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverEmits('synthesisStarted', {});
    let settled = false;
    void done.then(() => (settled = true));
    await advance(1_500);
    expect(settled).toBe(false);
    await advance(500);
    await expect(done).resolves.toEqual({ kind: 'failed', reason: 'no audio' });
    expect(tasks.at(-1)).toMatchObject({ status: 'failed', endReason: 'auto-stop' });
  });

  it('audio that has begun to arrive is waited for past 2 s', async () => {
    const { engine, socket } = setup();
    const { done } = await speakWithData(engine, socket);
    let settled = false;
    void done.then(() => (settled = true));
    await advance(2_500);
    expect(settled).toBe(false);
    engine.cancel();
  });

  it('a text cancelled while the socket is still connecting is never said once it connects', async () => {
    const socket = new FakeSocket(false);
    const { engine } = setup({}, socket);
    const done = engine.speak('迟到的话', { onStart: () => undefined, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(0);
    engine.cancel();
    socket.serverEmits('connect');
    await expect(done).resolves.toEqual({ kind: 'cancelled' });
    expect(socket.emitted.filter(([event]) => event === 'synthesizeText')).toEqual([]);
  });

  it('resume is unsupported for streamed audio (spec §8): it warns, says no and leaves the task alone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { engine, socket, player } = setup();
    const { done } = await speakWithData(engine, socket);
    player.onStart?.();
    const emitted = socket.emitted.length;
    expect(engine.resume()).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/resume is not supported/);
    expect(engine.state()).toBe('speaking');
    expect(socket.emitted).toHaveLength(emitted);
    expect(player.task).not.toBeNull();
    let settled = false;
    void done.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    engine.cancel();
    await expect(done).resolves.toEqual({ kind: 'cancelled' });
  });

  it('sends a heartbeat every 30 s', async () => {
    const { engine, socket } = setup();
    void engine.speak('心跳', { onStart: () => undefined, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket.emitted.some(([e]) => e === 'heartbeat')).toBe(true);
    engine.cancel();
  });

  it('a dropped socket ends the stream of its task only: a task after the reconnect goes on', async () => {
    const { engine, socket, player } = setup();
    const { done: first } = await speakWithData(engine, socket);
    socket.serverEmits('disconnect');
    await advance(500);
    expect(player.done).toBe(true);
    player.ended = true;
    await advance(500);
    await expect(first).resolves.toEqual({ kind: 'done' });
    socket.serverEmits('connect'); // socket.io reconnected it (Android)
    const { done: second } = await speakWithData(engine, socket, '第二句');
    await advance(5_000);
    expect(player.done).toBe(false);
    engine.cancel();
    await expect(second).resolves.toEqual({ kind: 'cancelled' });
  });
});

describe('cloud speech engine: end of stream, and Android (spec §4, §7, §9)', () => {
  const android = { timings: ANDROID_STREAM_TIMINGS, socket: ANDROID_SYNTHESIS_SOCKET };

  it.each([
    // exactly the limit is not "more than" it; the end check runs every 0.5 s
    { name: 'a gap of more than 8 s ends the stream', platform: android, caughtUp: false, quietMs: 8_000 },
    {
      name: 'the player caught up: 2 s without data ends it',
      platform: android,
      caughtUp: true,
      quietMs: 2_000,
    },
    {
      name: 'in the browser, caught up: 1.5 s ends it early',
      platform: undefined,
      caughtUp: true,
      quietMs: 1_500,
    },
  ])('$name', async ({ platform, caughtUp, quietMs }) => {
    const { engine, socket, player, tasks } = setup(platform);
    const { done } = await speakWithData(engine, socket);
    player.caughtUp = caughtUp;
    await advance(quietMs);
    expect(player.done).toBe(false);
    await advance(500);
    expect(player.done).toBe(true);
    player.ended = true;
    await advance(500);
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(tasks.at(-1)).toMatchObject({ status: 'completed', endReason: 'player-ended' });
  });

  it('connects with timeout 30 s, forceNew and 5 reconnection attempts 1 s apart', async () => {
    expect(synthesisSocketOptionsFor('android')).toBe(ANDROID_SYNTHESIS_SOCKET);
    expect(synthesisSocketOptionsFor('h5')).toBe(BROWSER_SYNTHESIS_SOCKET);
    expect(synthesisSocketOptionsFor('ios')).toBe(BROWSER_SYNTHESIS_SOCKET);
    const { engine, opened } = setup(android);
    await engine.prepare();
    expect(opened).toEqual([
      {
        auth: expect.objectContaining({ userType: 'temporary' }) as unknown,
        timeoutMs: 30_000,
        forceNew: true,
        reconnection: { attempts: 5, delayMs: 1_000 },
      },
    ]);
    const browser = setup();
    await browser.engine.prepare();
    expect(browser.opened).toEqual([{ auth: expect.anything() as unknown, timeoutMs: 30_000 }]);
  });

  it("prepare (app start) gives the connection the spec's 30 s, on Android and in the browser", async () => {
    const waitFor = (platform: Parameters<typeof setup>[0]) => {
      const { engine, socket } = setup(platform, new FakeSocket(false));
      const outcome = { settled: false, error: '' };
      engine.prepare().then(
        () => (outcome.settled = true),
        (error: Error) => Object.assign(outcome, { settled: true, error: error.message }),
      );
      return { outcome, socket };
    };
    const onAndroid = waitFor(android);
    const inBrowser = waitFor({});
    await advance(29_999);
    expect(inBrowser.outcome.settled).toBe(false);
    expect(onAndroid.outcome.settled).toBe(false);
    await advance(1);
    expect(inBrowser.outcome).toEqual({ settled: true, error: 'connection timeout' });
    expect(onAndroid.outcome).toEqual({ settled: true, error: 'connection timeout' });
  });
});

describe('cloud speech engine: no finish task from the client (spec §9, see CloudSpeechEngine)', () => {
  it.each([
    { name: 'browser (spec: finish after 2 s)', platform: {} },
    {
      name: 'Android (spec: the larger of 3 s and 50 ms a character)',
      platform: { timings: ANDROID_STREAM_TIMINGS, socket: ANDROID_SYNTHESIS_SOCKET },
    },
  ])('$name: a text synthesized for 12 s is never stopped; it ends by its stream', async ({ platform }) => {
    const { engine, socket, player, tasks } = setup(platform);
    const text = '前方十米有台阶，'.repeat(25); // 200 characters: Android's rule would give 10 s
    const done = engine.speak(text, { onStart: () => undefined, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverEmits('synthesisStarted', {});
    const sent = socket.emitted.length;
    for (let t = 0; t < 12_000; t += 500) {
      socket.serverEmits('audioGenerated', { audioData: AUDIO });
      await advance(500);
    }
    expect(socket.emitted.slice(sent)).toEqual([]);
    expect(player.chunks).toHaveLength(24);
    player.caughtUp = true;
    await advance(3_000);
    player.ended = true;
    await advance(500);
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(tasks.at(-1)).toMatchObject({ status: 'completed' });
    expect(socket.emitted.slice(sent).filter(([event]) => event === 'stopSynthesis')).toEqual([]);
  });
});

describe('cloud speech engine prepare and dispose (spec §4 app start)', () => {
  it('prepare connects the socket and resolves once it is connected', async () => {
    const { engine, socket } = setup({}, new FakeSocket(false));
    let ready = false;
    void engine.prepare().then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(ready).toBe(false);
    socket.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(ready).toBe(true);
  });

  it('prepare rejects when the connection fails, and closes that socket', async () => {
    const socket = new FakeSocket(false);
    const { engine } = setup({}, socket);
    const disconnect = vi.spyOn(socket, 'disconnect');
    const prepared = engine.prepare();
    socket.serverEmits('connect_error', new Error('xhr poll error'));
    await expect(prepared).rejects.toThrow('xhr poll error');
    expect(disconnect).toHaveBeenCalledOnce();
  });

  it('prepare rejects without audio/mpeg playback', async () => {
    const { engine, player, opened } = setup();
    player.supported = () => false;
    await expect(engine.prepare()).rejects.toThrow(UNSUPPORTED_MPEG);
    expect(opened).toHaveLength(0);
  });

  it('dispose cancels the current task and closes the socket; the next text reconnects', async () => {
    const { engine, socket, opened } = setup();
    const { done: said } = await speakWithData(engine, socket);
    engine.dispose();
    await expect(said).resolves.toEqual({ kind: 'cancelled' });
    expect(socket.emitted.at(-1)?.[0]).toBe('stopSynthesis');
    expect(socket.connected).toBe(false);
    socket.serverEmits('audioGenerated', { audioData: AUDIO }); // listeners are gone: ignored
    socket.connected = true;
    void engine.speak('又来了', { onStart: () => undefined, priority: 'routine' });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toHaveLength(2);
    engine.cancel();
  });
});

describe('cloud speech engine: the socket carries the current identity (spec §6)', () => {
  const device: SocketAuth = { deviceId: 'device-1', userType: 'temporary' };
  const user = (token: string): SocketAuth => ({ token, deviceId: 'device-1', userType: 'registered' });

  /** Every connection is a new FakeSocket, recorded with the auth it was opened with. */
  function setupIdentity() {
    const identity = new FakeSpeechIdentity();
    const player = new FakePlayer();
    const opened: { socket: FakeSocket; auth: SocketAuth }[] = [];
    const engine = new CloudSpeechEngine({
      player: player as unknown as MseAudioPlayer,
      identity,
      socketFactory: (_namespace, options) => {
        const socket = new FakeSocket(false);
        opened.push({ socket, auth: options.auth });
        return socket as unknown as Socket;
      },
      now: () => now,
    });
    const latest = () => opened.at(-1)!.socket;
    const connectLatest = async () => {
      latest().serverEmits('connect');
      await vi.advanceTimersByTimeAsync(0);
    };
    return { engine, identity, player, opened, latest, connectLatest };
  }

  it('an idle socket reopens with the token on login, the new token on refresh, the device on logout', async () => {
    const { engine, identity, opened, connectLatest } = setupIdentity();
    const prepared = engine.prepare();
    await connectLatest();
    await prepared;
    expect(opened.map((o) => o.auth)).toEqual([device]);

    identity.login('jwt-1');
    expect(opened.map((o) => o.auth)).toEqual([device, user('jwt-1')]);
    expect(opened[0]!.socket.connected).toBe(false);
    await connectLatest();

    identity.login('jwt-2'); // a refreshed token
    await connectLatest();
    identity.logout();
    await connectLatest();
    expect(opened.map((o) => o.auth)).toEqual([device, user('jwt-1'), user('jwt-2'), device]);
    expect(opened.slice(0, -1).every((o) => !o.socket.connected)).toBe(true);
  });

  it('a socket saying a text keeps it to the end, then reopens with the new identity', async () => {
    const { engine, identity, player, opened, latest, connectLatest } = setupIdentity();
    const done = engine.speak('前方', { onStart: () => undefined, priority: 'routine' });
    await connectLatest();
    latest().serverEmits('synthesisStarted', {});
    latest().serverEmits('audioGenerated', { audioData: AUDIO });
    identity.login('jwt-1');
    expect(opened).toHaveLength(1);
    expect(latest().connected).toBe(true);

    await advance(7_000); // the stream is done
    player.ended = true;
    await advance(500);
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(opened.map((o) => o.auth)).toEqual([device, user('jwt-1')]);
  });

  it('a text after a login never goes out on the old socket', async () => {
    const { engine, identity, opened, latest, connectLatest } = setupIdentity();
    void engine.speak('第一句', { onStart: () => undefined, priority: 'routine' });
    await connectLatest();
    identity.login('jwt-1'); // while the first text is said: no reopen yet
    void engine.speak('第二句', { onStart: () => undefined, priority: 'routine' });
    await connectLatest();
    expect(opened.map((o) => o.auth)).toEqual([device, user('jwt-1')]);
    expect(opened[0]!.socket.emitted.some(([, p]) => JSON.stringify(p).includes('第二句'))).toBe(false);
    expect(latest().emitted).toContainEqual(['synthesizeText', { text: '第二句' }]);
    engine.cancel();
  });

  it('a socket still connecting at login is reopened once it is up', async () => {
    const { engine, identity, opened, connectLatest } = setupIdentity();
    const prepared = engine.prepare();
    identity.login('jwt-1');
    expect(opened).toHaveLength(1);
    await connectLatest();
    await prepared;
    expect(opened.map((o) => o.auth)).toEqual([device, user('jwt-1')]);
  });

  it('without a socket a login opens none (the first text connects)', () => {
    const { identity, opened } = setupIdentity();
    identity.login('jwt-1');
    expect(opened).toHaveLength(0);
  });
});

describe('cloud speech engine: socket.io loads with the first socket', () => {
  /** A factory whose client arrives when the test says (the real one loads socket.io first). */
  function setupLoading() {
    const identity = new FakeSpeechIdentity();
    const opened: { socket: FakeSocket; auth: SocketAuth }[] = [];
    let loaded: () => void = () => undefined;
    let client: Promise<void> | undefined = new Promise<void>((resolve) => {
      loaded = () => {
        client = undefined;
        resolve();
      };
    });
    const factory = Object.assign(
      (_namespace: string, options: SocketOptions) => {
        const socket = new FakeSocket(false);
        opened.push({ socket, auth: options.auth });
        return socket as unknown as Socket;
      },
      { ready: () => client },
    );
    const engine = new CloudSpeechEngine({
      player: new FakePlayer() as unknown as MseAudioPlayer,
      identity,
      socketFactory: factory,
    });
    return { engine, identity, opened, loaded };
  }

  it('opens the socket once the client is here, with the identity of then', async () => {
    const { engine, identity, opened, loaded } = setupLoading();
    const prepared = engine.prepare();
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toHaveLength(0);
    identity.login('jwt-1');
    loaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(opened.map((o) => o.auth)).toEqual([
      { token: 'jwt-1', deviceId: 'device-1', userType: 'registered' },
    ]);
    opened[0]!.socket.serverEmits('connect');
    await expect(prepared).resolves.toBeUndefined();
  });

  it('closed while the client loads: opens nothing', async () => {
    const { engine, opened, loaded } = setupLoading();
    const prepared = engine.prepare();
    engine.dispose();
    loaded();
    await expect(prepared).rejects.toThrow(/closed while it was opening/);
    expect(opened).toHaveLength(0);
  });
});
