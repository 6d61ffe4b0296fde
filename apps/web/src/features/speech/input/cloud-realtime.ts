import { SPEECH_RECOGNITION_NAMESPACE, type RecognitionOptions } from '@sfm/protocol';
import { protocolSchemas } from '../../../api/protocol-schemas.ts';
import type { Socket } from 'socket.io-client';
import { startPcmCapture, type PcmCapture } from '../../../platform/audio-capture.ts';
import {
  bytesToBase64,
  defaultSocketFactory,
  sessionSpeechIdentity,
  socketReady,
  startHeartbeat,
  waitConnected,
  type SocketFactory,
  type SpeechIdentity,
} from '../speech-socket.ts';
import { InputEvents, type RecognitionState, type SpeechInput, type SpeechInputError } from './types.ts';

/** Spec §7 /speech timings. */
export const RECOGNITION_CONNECT_TIMEOUT_MS = 10_000;
export const RECOGNITION_START_TIMEOUT_MS = 5_000;
/** After stopRecognition, how long to wait for the server's recognitionStopped before leaving anyway. */
export const RECOGNITION_STOP_WAIT_MS = 2_000;
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 4_000] as const;
export const RECONNECT_CAP_MS = 10_000;

export const CLOUD_RECOGNITION_OPTIONS: RecognitionOptions = {
  format: 'pcm',
  sampleRate: 16000,
  enablePunctuation: true,
  enableInverseText: false,
  language: 'zh',
};

/** Backoff before reconnect attempt n (0-based): 1 s, 2 s, 4 s, capped at 10 s; null after 3. */
export function reconnectDelay(attempt: number): number | null {
  const delay = RECONNECT_DELAYS_MS[attempt];
  return delay === undefined ? null : Math.min(delay, RECONNECT_CAP_MS);
}

export interface CloudRealtimeDeps {
  socketFactory?: SocketFactory;
  /** Who the socket listens for (default: the session's token or device). */
  identity?: SpeechIdentity;
  capture?: (onFrame: (frame: Int16Array) => void) => Promise<PcmCapture>;
}

/**
 * Realtime recognition over the /speech socket: PCM 16 kHz mono frames from the AudioWorklet go up
 * as `sendAudioData`; `resultChanged` is interim, `resultCompleted` final. Business failures
 * (`taskFailed`) are reported and listening goes on; a lost connection is retried 3 times.
 */
export class CloudRealtimeSpeechInput implements SpeechInput {
  private readonly events = new InputEvents();
  private socket: Socket | null = null;
  private capture: PcmCapture | null = null;
  private stopHeartbeat: (() => void) | null = null;
  private wanted = false;
  private session = 0;
  private reconnectAttempt = 0;
  private status: RecognitionState = 'idle';
  private readonly socketFactory: SocketFactory;
  private readonly identity: SpeechIdentity;
  /** Subscribed while listening: a recognizer is made per use, and one left idle must not linger. */
  private offIdentity: (() => void) | null = null;
  private readonly startCapture: (onFrame: (frame: Int16Array) => void) => Promise<PcmCapture>;

  constructor(deps: CloudRealtimeDeps = {}) {
    this.socketFactory = deps.socketFactory ?? defaultSocketFactory;
    this.identity = deps.identity ?? sessionSpeechIdentity;
    this.startCapture = deps.capture ?? startPcmCapture;
  }

  onResult = this.events.onResult.bind(this.events);
  onError = this.events.onError.bind(this.events);

  isListening(): boolean {
    return this.wanted;
  }

  state(): RecognitionState {
    return this.status;
  }

  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.reconnectAttempt = 0;
    this.offIdentity = this.identity.onChange(() => this.followIdentity());
    void this.open();
  }

  stop(): void {
    this.wanted = false;
    this.stopFollowingIdentity();
    this.session += 1;
    this.teardown(true);
    this.status = 'idle';
  }

  private fail(error: SpeechInputError): void {
    this.wanted = false;
    this.stopFollowingIdentity();
    this.session += 1;
    this.teardown(false);
    this.status = 'error';
    this.events.error({ ...error, recoverable: false });
  }

  /**
   * Spec §6: the server charges and limits recognition by the socket's identity, so a login, logout
   * or token refresh while listening reopens /speech with the new one and listening goes on. Between
   * reconnect attempts there is no socket: the next attempt reads the new identity anyway.
   */
  private followIdentity(): void {
    if (!this.socket) return;
    this.teardown(true);
    this.reconnectAttempt = 0;
    void this.open();
  }

  private stopFollowingIdentity(): void {
    this.offIdentity?.();
    this.offIdentity = null;
  }

  private teardown(sayStop: boolean): void {
    this.capture?.stop();
    this.capture = null;
    this.stopHeartbeat?.();
    this.stopHeartbeat = null;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.removeAllListeners();
    if (sayStop && socket.connected) {
      socket.emit('stopRecognition', {});
      // socket.io drops an event that reaches the server together with the disconnect: leave once
      // the server has confirmed the stop (its recognizer finished the task), or after a while
      const leave = () => {
        clearTimeout(timer);
        socket.removeAllListeners();
        socket.disconnect();
      };
      const timer = setTimeout(leave, RECOGNITION_STOP_WAIT_MS);
      socket.once('recognitionStopped', leave);
      return;
    }
    socket.disconnect();
  }

  private async open(): Promise<void> {
    const session = ++this.session;
    const current = () => session === this.session && this.wanted;
    const loading = socketReady(this.socketFactory);
    if (loading) {
      const loaded = await loading.then(
        () => true,
        () => false,
      );
      if (!current()) return;
      if (!loaded) return this.fail({ key: 'speechInput.notConnected', code: 'connect_error' });
    }
    // the identity of now: a login while socket.io was loading counts
    const socket = this.socketFactory(SPEECH_RECOGNITION_NAMESPACE, {
      auth: (({ token, deviceId }) => ({ token, deviceId }))(this.identity.auth()),
      timeoutMs: RECOGNITION_CONNECT_TIMEOUT_MS,
    });
    this.socket = socket;
    try {
      await waitConnected(socket, RECOGNITION_CONNECT_TIMEOUT_MS);
    } catch (error) {
      if (!current()) return;
      const timeout = error instanceof Error && /timeout/i.test(error.message);
      if (this.reconnectAttempt > 0) return this.scheduleReconnect(session);
      return this.fail({
        key: timeout ? 'speechInput.connectionTimeout' : 'speechInput.notConnected',
        code: timeout ? 'timeout' : 'connect_error',
      });
    }
    if (!current()) return;
    this.stopHeartbeat = startHeartbeat(socket);
    const started = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), RECOGNITION_START_TIMEOUT_MS);
      socket.once('recognitionStarted', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    socket.on('resultChanged', (payload: unknown) => {
      const parsed = protocolSchemas().RecognitionServerEvents.resultChanged.safeParse(payload);
      if (parsed.success && parsed.data.text.trim() && current())
        this.events.result({ text: parsed.data.text.trim(), isFinal: false });
    });
    socket.on('resultCompleted', (payload: unknown) => {
      const parsed = protocolSchemas().RecognitionServerEvents.resultCompleted.safeParse(payload);
      if (parsed.success && parsed.data.text.trim() && current())
        this.events.result({ text: parsed.data.text.trim(), isFinal: true });
    });
    socket.on('taskFailed', (payload: unknown) => {
      const parsed = protocolSchemas().RecognitionServerEvents.taskFailed.safeParse(payload);
      if (!current()) return;
      // spec §8: business errors are reported, the service stays running
      this.events.error({
        key: 'speechInput.server',
        code: 'taskFailed',
        message: parsed.success ? parsed.data.message : undefined,
        recoverable: true,
      });
    });
    socket.on('error', (payload: unknown) => {
      const parsed = protocolSchemas().RecognitionServerEvents.error.safeParse(payload);
      if (!current()) return;
      this.events.error({
        key: 'speechInput.server',
        code: 'error',
        message: parsed.success ? parsed.data.message : undefined,
        recoverable: true,
      });
    });
    socket.on('disconnect', () => {
      if (!current()) return;
      this.capture?.stop();
      this.capture = null;
      this.stopHeartbeat?.();
      this.stopHeartbeat = null;
      this.scheduleReconnect(session);
    });
    socket.emit('startRecognition', { options: CLOUD_RECOGNITION_OPTIONS });
    const ok = await started;
    if (!current()) return;
    if (!ok) return this.fail({ key: 'speechInput.startTimeout', code: 'start-timeout' });
    this.reconnectAttempt = 0;
    try {
      this.capture = await this.startCapture((frame) => {
        if (!current() || !socket.connected) return;
        const bytes = new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);
        socket.emit('sendAudioData', { audioData: bytesToBase64(bytes), format: 'pcm' });
      });
      if (!current()) {
        this.capture.stop();
        this.capture = null;
        return;
      }
      this.status = 'listening';
    } catch (error) {
      if (!current()) return;
      const name = error instanceof DOMException || error instanceof Error ? error.name : '';
      // spec §8: NotAllowedError and NotFoundError stop listening and are reported
      this.fail(
        name === 'NotAllowedError'
          ? { key: 'recognition.micDenied', code: name }
          : { key: 'recognition.micUnavailable', code: name || 'capture' },
      );
    }
  }

  private scheduleReconnect(session: number): void {
    if (session !== this.session || !this.wanted) return;
    const delay = reconnectDelay(this.reconnectAttempt);
    if (delay === null) return this.fail({ key: 'speechInput.reconnectFailed', code: 'reconnect' });
    this.reconnectAttempt += 1;
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
    setTimeout(() => {
      if (session === this.session && this.wanted) void this.open();
    }, delay);
  }
}
