import type { SocketAuth } from '@sfm/protocol';
import type {
  RecognitionState,
  RecognitionUpdate,
  SpeechInput,
  SpeechInputError,
} from '../../src/features/speech/input/types.ts';
import type { AudioChunk, PlayerSnapshot } from '../../src/features/speech/output/mse-audio-player.ts';
import type { SpeechIdentity } from '../../src/features/speech/speech-socket.ts';

/**
 * Test-only: a socket.io client stand-in for the speech sockets. It records what the app emits and
 * lets a test play the server (`serverEmits`), including connect and disconnect.
 */
export class FakeSocket {
  emitted: [string, unknown][] = [];
  private handlers = new Map<string, ((p?: unknown) => void)[]>();

  constructor(public connected = false) {}

  on(event: string, handler: (p?: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  once(event: string, handler: (p?: unknown) => void) {
    const wrapped = (p?: unknown) => {
      this.off(event, wrapped);
      handler(p);
    };
    return this.on(event, wrapped);
  }
  off(event?: string, handler?: (p?: unknown) => void) {
    if (event !== undefined) {
      this.handlers.set(
        event,
        (this.handlers.get(event) ?? []).filter((h) => h !== handler),
      );
    }
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  serverEmits(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const h of this.handlers.get(event) ?? []) h(payload);
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
}

/** Test-only: the identity a speech socket reads, logged in and out by the test. */
export class FakeSpeechIdentity implements SpeechIdentity {
  private current: SocketAuth = { deviceId: 'device-1', userType: 'temporary' };
  private readonly listeners = new Set<() => void>();

  auth(): SocketAuth {
    return this.current;
  }
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  login(token: string): void {
    this.change({ token, deviceId: 'device-1', userType: 'registered' });
  }
  logout(): void {
    this.change({ deviceId: 'device-1', userType: 'temporary' });
  }
  private change(auth: SocketAuth): void {
    this.current = auth;
    for (const listener of this.listeners) listener();
  }
}

/** Test-only: a recognizer the test speaks through (`say`) and breaks (`fail`). */
export class FakeSpeechInput implements SpeechInput {
  listening = false;
  started = 0;
  private results = new Set<(u: RecognitionUpdate) => void>();
  private errors = new Set<(e: SpeechInputError) => void>();
  start() {
    this.listening = true;
    this.started += 1;
  }
  stop() {
    this.listening = false;
  }
  isListening() {
    return this.listening;
  }
  state(): RecognitionState {
    return this.listening ? 'listening' : 'idle';
  }
  onResult(cb: (u: RecognitionUpdate) => void) {
    this.results.add(cb);
    return () => this.results.delete(cb);
  }
  onError(cb: (e: SpeechInputError) => void) {
    this.errors.add(cb);
    return () => this.errors.delete(cb);
  }
  say(text: string, isFinal = true, confidence = 1) {
    for (const cb of this.results) cb({ text, confidence, isFinal });
  }
  fail(error: SpeechInputError) {
    for (const cb of this.errors) cb(error);
  }
}

/** Test-only: the cloud voice's MseAudioPlayer, as far as the engine uses it; the test plays its end. */
export class FakePlayer {
  chunks: AudioChunk[] = [];
  task: string | null = null;
  done = false;
  ended = false;
  caughtUp = false;
  onStart: (() => void) | null = null;
  supported() {
    return true;
  }
  startTask(id: string, onStart: () => void) {
    this.task = id;
    this.chunks = [];
    this.done = false;
    this.ended = false;
    this.onStart = onStart;
  }
  append(id: string, chunk: AudioChunk) {
    if (id === this.task) this.chunks.push(chunk);
  }
  startNow() {}
  markStreamDone(id: string) {
    if (id === this.task) this.done = true;
  }
  snapshot(): PlayerSnapshot {
    return {
      taskId: this.task,
      started: this.chunks.length > 0,
      ended: this.ended,
      caughtUp: this.caughtUp,
      bufferedStart: 0,
      bufferedEnd: 5,
      currentTime: 1,
      queued: 0,
      bytesAppended: 0,
    };
  }
  stop() {
    this.task = null;
  }
}
