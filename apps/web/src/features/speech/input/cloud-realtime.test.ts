import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProtocolSchemas } from '../../../api/protocol-schemas.ts';
import { FakeSocket, FakeSpeechIdentity } from '../../../../test/fakes/speech.ts';
import type { SocketOptions } from '../speech-socket.ts';
import {
  CLOUD_RECOGNITION_OPTIONS,
  CloudRealtimeSpeechInput,
  type CloudRealtimeDeps,
  MAX_RECONNECTS,
  RECOGNITION_CONNECT_TIMEOUT_MS,
  RECOGNITION_HEALTH_CHECK_MS,
  RECOGNITION_START_TIMEOUT_MS,
  reconnectDelay,
} from './cloud-realtime.ts';
import { en } from '../../../i18n/en.ts';
import { RECOGNITION_QUALITY } from './recognition-quality.ts';
import { UNSCORED_CONFIDENCE, type RecognitionUpdate, type SpeechInputError } from './types.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('cloud realtime recognizer', () => {
  // the socket's events are checked with the protocol's schemas, loaded before a socket opens
  // (socketReady); loaded here once, the fake timers alone drive the sockets
  beforeAll(() => loadProtocolSchemas());
  function setup(over: CloudRealtimeDeps = {}) {
    const sockets: FakeSocket[] = [];
    const auths: SocketOptions['auth'][] = [];
    const identity = new FakeSpeechIdentity();
    let frameSink: ((f: Int16Array) => void) | null = null;
    const stopCapture = vi.fn();
    const page = { visible: true };
    const captures = { started: 0 };
    const input = new CloudRealtimeSpeechInput({
      identity,
      isVisible: () => page.visible,
      socketFactory: (_namespace, options) => {
        const s = new FakeSocket();
        sockets.push(s);
        auths.push(options.auth);
        return s as unknown as Socket;
      },
      capture: async (onFrame) => {
        captures.started += 1;
        frameSink = onFrame;
        return { stop: stopCapture };
      },
      ...over,
    });
    const results: RecognitionUpdate[] = [];
    const errors: SpeechInputError[] = [];
    input.onResult((r) => results.push(r));
    input.onError((e) => errors.push(e));
    return {
      input,
      sockets,
      auths,
      identity,
      results,
      errors,
      frame: (f: Int16Array) => frameSink?.(f),
      stopCapture,
      page,
      captures,
    };
  }

  it('a login or logout while listening reopens /speech with the new identity and listening goes on', async () => {
    const { input, sockets, auths, identity, results } = setup();
    const listenOn = async (s: FakeSocket) => {
      s.serverEmits('connect');
      await vi.advanceTimersByTimeAsync(0);
      s.serverEmits('recognitionStarted', {});
      await vi.advanceTimersByTimeAsync(0);
    };
    input.start();
    await listenOn(sockets[0]!);
    identity.login('jwt-1');
    expect(sockets[0]!.emitted.at(-1)).toEqual(['stopRecognition', {}]);
    await listenOn(sockets[1]!);
    identity.logout();
    await listenOn(sockets[2]!);
    expect(auths).toEqual([
      { deviceId: 'device-1' },
      { token: 'jwt-1', deviceId: 'device-1' },
      { deviceId: 'device-1' },
    ]);
    expect(input.state()).toBe('listening');
    sockets[0]!.serverEmits('resultCompleted', { text: '旧的' }); // the old socket is not heard
    sockets[2]!.serverEmits('resultCompleted', { text: '新的' });
    expect(results).toEqual([{ text: '新的', confidence: 1, isFinal: true }]);
    input.stop();
    identity.login('jwt-2'); // not listening: nothing opens
    expect(sockets).toHaveLength(3);
  });

  it('waits for socket.io to load, then opens /speech with the identity of then; stopped meanwhile, opens none', async () => {
    const identity = new FakeSpeechIdentity();
    const auths: SocketOptions['auth'][] = [];
    let loaded: () => void = () => undefined;
    const client = new Promise<void>((resolve) => (loaded = resolve));
    const socketFactory = Object.assign(
      (_namespace: string, options: SocketOptions) => {
        auths.push(options.auth);
        return new FakeSocket() as unknown as Socket;
      },
      { ready: () => client },
    );
    const input = new CloudRealtimeSpeechInput({ identity, socketFactory });
    input.start();
    identity.login('jwt-1');
    expect(auths).toEqual([]);
    loaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(auths).toEqual([{ token: 'jwt-1', deviceId: 'device-1' }]);
    input.stop();

    const again = new CloudRealtimeSpeechInput({
      identity,
      socketFactory: Object.assign(socketFactory, { ready: () => new Promise<void>(() => undefined) }),
    });
    again.start();
    again.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(auths).toHaveLength(1);
  });

  it('starts with the spec options, streams PCM frames, reports interim and final results', async () => {
    const { input, sockets, results, frame } = setup();
    input.start();
    const s = sockets[0]!;
    s.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.emitted[0]).toEqual(['startRecognition', { options: CLOUD_RECOGNITION_OPTIONS }]);
    s.serverEmits('recognitionStarted', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(input.state()).toBe('listening');
    frame(new Int16Array(4096));
    const sent = s.emitted.find(([e]) => e === 'sendAudioData')?.[1] as { audioData: string; format: string };
    expect(sent.format).toBe('pcm');
    expect(atob(sent.audioData).length).toBe(8192);
    s.serverEmits('resultChanged', { text: '前方' });
    s.serverEmits('resultCompleted', { text: '前方有什么' });
    expect(results).toEqual([
      { text: '前方', confidence: 1, isFinal: false },
      { text: '前方有什么', confidence: 1, isFinal: true },
    ]);
  });

  it('taskFailed is reported and listening goes on', async () => {
    const { input, sockets, errors } = setup();
    input.start();
    sockets[0]!.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.serverEmits('recognitionStarted', {});
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.serverEmits('taskFailed', { message: '未能识别到有效文字' });
    expect(errors).toEqual([
      { key: 'speechInput.server', code: 'taskFailed', message: '未能识别到有效文字', recoverable: true },
    ]);
    expect(input.isListening()).toBe(true);
  });

  it('no recognitionStarted within 5 s: start timeout, stopped', async () => {
    const { input, sockets, errors } = setup();
    input.start();
    sockets[0]!.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(RECOGNITION_START_TIMEOUT_MS);
    expect(errors.at(-1)).toMatchObject({ key: 'speechInput.startTimeout', recoverable: false });
    expect(input.isListening()).toBe(false);
  });

  /** Starts listening on the first socket: connected, recognition started, microphone open. */
  async function listening(s: FakeSocket) {
    s.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    s.serverEmits('recognitionStarted', {});
    await vi.advanceTimersByTimeAsync(0);
  }

  it("the low quality config's 16 kHz, with interim results kept (see CLOUD_RECOGNITION_OPTIONS)", async () => {
    expect(CLOUD_RECOGNITION_OPTIONS.sampleRate).toBe(RECOGNITION_QUALITY.low.sampleRate);
    expect(CLOUD_RECOGNITION_OPTIONS.sampleRate).toBe(16_000);
    const { input, sockets, results } = setup();
    input.start();
    await listening(sockets[0]!);
    sockets[0]!.serverEmits('resultChanged', { text: '前' });
    expect(results).toEqual([{ text: '前', confidence: UNSCORED_CONFIDENCE, isFinal: false }]);
  });

  it("a result carries the server's confidence when it sends one, else the unscored default", async () => {
    const { input, sockets, results } = setup();
    input.start();
    await listening(sockets[0]!);
    sockets[0]!.serverEmits('resultCompleted', { text: '红绿灯', confidence: 0.62 });
    sockets[0]!.serverEmits('resultCompleted', { text: '斑马线', confidence: 'high' });
    sockets[0]!.serverEmits('resultCompleted', { text: '路口' });
    expect(results.map((r) => r.confidence)).toEqual([0.62, 1, 1]);
    expect(UNSCORED_CONFIDENCE).toBe(1);
  });

  it(`reconnects up to ${MAX_RECONNECTS} times, 1, 2, 4, 8 and 10 s apart (spec §7 backoff, §9 count), then gives up`, async () => {
    expect(MAX_RECONNECTS).toBe(5);
    expect([0, 1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, null]);
    const { input, sockets, errors } = setup();
    input.start();
    await listening(sockets[0]!);
    sockets[0]!.serverEmits('disconnect');
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    // the next attempts never connect (connection timeout 10 s each), each after its backoff
    for (const [i, delay] of [2_000, 4_000, 8_000, 10_000].entries()) {
      await vi.advanceTimersByTimeAsync(RECOGNITION_CONNECT_TIMEOUT_MS + delay - 1);
      expect(sockets).toHaveLength(2 + i);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(3 + i);
    }
    expect(errors).toEqual([]);
    expect(input.isListening()).toBe(true);
    await vi.advanceTimersByTimeAsync(RECOGNITION_CONNECT_TIMEOUT_MS);
    expect(sockets).toHaveLength(1 + MAX_RECONNECTS);
    expect(errors.at(-1)).toMatchObject({ key: 'speechInput.reconnectFailed', recoverable: false });
    expect(input.isListening()).toBe(false);
  });

  it('a reconnect that listens again starts the count afresh', async () => {
    const { input, sockets, errors } = setup();
    input.start();
    await listening(sockets[0]!);
    for (let i = 0; i < MAX_RECONNECTS + 2; i += 1) {
      sockets[i]!.serverEmits('disconnect');
      await vi.advanceTimersByTimeAsync(1_000);
      await listening(sockets[i + 1]!);
    }
    expect(errors).toEqual([]);
    expect(input.state()).toBe('listening');
    input.stop();
  });

  it("the server's `disconnected` (spec §7) is a lost connection: reconnected to after 1 s", async () => {
    const { input, sockets, results } = setup();
    input.start();
    await listening(sockets[0]!);
    sockets[0]!.serverEmits('disconnected', {});
    expect(sockets[0]!.connected).toBe(false);
    sockets[0]!.serverEmits('resultCompleted', { text: '旧的' }); // the closed socket is not heard
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    await listening(sockets[1]!);
    sockets[1]!.serverEmits('resultCompleted', { text: '新的' });
    expect(results.map((r) => r.text)).toEqual(['新的']);
    expect(input.state()).toBe('listening');
    input.stop();
  });

  it('the 5 s check restarts a microphone that stopped sending frames; frames flowing, nothing', async () => {
    expect(RECOGNITION_HEALTH_CHECK_MS).toBe(5_000);
    const { input, sockets, frame, captures, stopCapture } = setup();
    input.start();
    await listening(sockets[0]!);
    expect(captures.started).toBe(1);
    // frames every 256 ms (4096 samples at 16 kHz) for 20 s: healthy
    for (let t = 0; t < 20_000; t += 256) {
      frame(new Int16Array(4096));
      await vi.advanceTimersByTimeAsync(256);
    }
    expect(captures.started).toBe(1);
    // the frames stop (an audio context the system suspended): restarted within two checks
    await vi.advanceTimersByTimeAsync(2 * RECOGNITION_HEALTH_CHECK_MS);
    expect(captures.started).toBe(2);
    expect(stopCapture).toHaveBeenCalledTimes(1);
    expect(input.state()).toBe('listening');
    // the new capture sends frames: it is left alone
    for (let t = 0; t < 15_000; t += 256) {
      frame(new Int16Array(4096));
      await vi.advanceTimersByTimeAsync(256);
    }
    expect(captures.started).toBe(2);
    sockets[0]!.serverEmits('resultCompleted', { text: '还在听' });
    input.stop();
    await vi.advanceTimersByTimeAsync(4 * RECOGNITION_HEALTH_CHECK_MS);
    expect(captures.started).toBe(2);
  });

  it.each([
    ['NotAllowedError', 'micDenied', 'microphone access denied, please grant permission'],
    ['NotFoundError', 'micUnavailable', 'cannot access microphone, check device permission'],
  ] as const)(
    'a microphone %s stops listening and is reported as recognition.%s (spec §8)',
    async (name, key, text) => {
      const { input, sockets, errors } = setup({
        capture: () => Promise.reject(new DOMException('microphone', name)),
      });
      input.start();
      await listening(sockets[0]!);
      expect(errors).toEqual([{ key: `recognition.${key}`, code: name, recoverable: false }]);
      expect(en.recognition[key]).toBe(text);
      expect(input.isListening()).toBe(false);
      expect(input.state()).toBe('error');
      expect(sockets[0]!.connected).toBe(false);
      // stopped for good: no reconnect, no microphone restart
      await vi.advanceTimersByTimeAsync(4 * RECOGNITION_HEALTH_CHECK_MS);
      expect(sockets).toHaveLength(1);
      expect(errors).toHaveLength(1);
    },
  );

  it('a refused connection is "WebSocket not connected": stopped, not retried', async () => {
    expect(en.speechInput.notConnected).toBe('WebSocket not connected');
    const { input, sockets, errors } = setup();
    input.start();
    sockets[0]!.serverEmits('connect_error', new Error('websocket error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([{ key: 'speechInput.notConnected', code: 'connect_error', recoverable: false }]);
    expect(input.isListening()).toBe(false);
    expect(input.state()).toBe('error');
    await vi.advanceTimersByTimeAsync(RECOGNITION_CONNECT_TIMEOUT_MS * 2);
    expect(sockets).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('a socket.io client that cannot load is "WebSocket not connected" too', async () => {
    const opened = vi.fn();
    const input = new CloudRealtimeSpeechInput({
      identity: new FakeSpeechIdentity(),
      socketFactory: Object.assign(
        () => {
          opened();
          return new FakeSocket() as unknown as Socket;
        },
        { ready: () => Promise.reject(new Error('chunk load failed')) },
      ),
    });
    const errors: SpeechInputError[] = [];
    input.onError((e) => errors.push(e));
    input.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([{ key: 'speechInput.notConnected', code: 'connect_error', recoverable: false }]);
    expect(opened).not.toHaveBeenCalled();
    expect(input.isListening()).toBe(false);
  });

  it(`no connection within ${RECOGNITION_CONNECT_TIMEOUT_MS / 1000} s is "connection timeout": stopped, not retried`, async () => {
    expect(RECOGNITION_CONNECT_TIMEOUT_MS).toBe(10_000);
    expect(en.speechInput.connectionTimeout).toBe('Connection timeout');
    const { input, sockets, errors } = setup();
    input.start();
    await vi.advanceTimersByTimeAsync(RECOGNITION_CONNECT_TIMEOUT_MS - 1);
    expect(errors).toEqual([]);
    expect(input.isListening()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toEqual([{ key: 'speechInput.connectionTimeout', code: 'timeout', recoverable: false }]);
    expect(input.isListening()).toBe(false);
    expect(sockets[0]!.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(RECOGNITION_CONNECT_TIMEOUT_MS * 2);
    expect(sockets).toHaveLength(1);
  });

  it('the microphone check waits while the page is hidden', async () => {
    const { input, sockets, captures, page } = setup();
    input.start();
    await listening(sockets[0]!);
    page.visible = false;
    await vi.advanceTimersByTimeAsync(4 * RECOGNITION_HEALTH_CHECK_MS);
    expect(captures.started).toBe(1);
    page.visible = true;
    await vi.advanceTimersByTimeAsync(2 * RECOGNITION_HEALTH_CHECK_MS);
    expect(captures.started).toBe(2);
    input.stop();
  });
});
