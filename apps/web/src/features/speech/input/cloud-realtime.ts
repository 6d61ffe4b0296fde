import { SPEECH_RECOGNITION_NAMESPACE, type RecognitionOptions } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';
import { startPcmCapture, type PcmCapture } from '../../../platform/audio-capture.ts';
import { isPageVisible } from '../../../platform/media.ts';
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
import { RECOGNITION_QUALITY } from './recognition-quality.ts';
import { listenToRecognition } from './recognition-events.ts';
import { InputEvents, type RecognitionState, type SpeechInput, type SpeechInputError } from './types.ts';

/** Spec §7 /speech timings. */
export const RECOGNITION_CONNECT_TIMEOUT_MS = 10_000;
export const RECOGNITION_START_TIMEOUT_MS = 5_000;
/** After stopRecognition, how long to wait for the server's recognitionStopped before leaving anyway. */
export const RECOGNITION_STOP_WAIT_MS = 2_000;
export const RECONNECT_FIRST_DELAY_MS = 1_000;
export const RECONNECT_CAP_MS = 10_000;
/** Spec §9: the recognition manager reconnects at most 5 times. */
export const MAX_RECONNECTS = 5;
/** Spec §9: the manager's heartbeat check (here: of the microphone, see checkMicrophone). */
export const RECOGNITION_HEALTH_CHECK_MS = 5_000;

/**
 * Low quality's 16 kHz (the PCM the AudioWorklet makes), but interim results kept, unlike that
 * config: the server sends them at no extra cost, the screen shows the words while they are said,
 * and a qa question whose final result never comes is asked from the last interim one when
 * listening times out (30 s).
 */
export const CLOUD_RECOGNITION_OPTIONS: RecognitionOptions = {
  format: 'pcm',
  sampleRate: RECOGNITION_QUALITY.low.sampleRate,
  enablePunctuation: true,
  enableInverseText: false,
  language: 'zh',
};

/**
 * Backoff before reconnect attempt n (0-based), null once the attempts are used up. Spec §7 gives
 * the /speech socket "up to 3 attempts, 1 s, 2 s, 4 s, 10 s cap" and §9 the recognition manager above
 * it "at most 5 reconnects". Here one layer does both: the manager's 5 attempts on the socket's
 * backoff, 1, 2, 4, 8 and 10 s (the cap, which 3 attempts would never reach). Two nested layers
 * would mean up to 15 connection attempts, minutes of a user speaking to nobody.
 */
export function reconnectDelay(attempt: number): number | null {
  if (attempt < 0 || attempt >= MAX_RECONNECTS) return null;
  return Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** attempt, RECONNECT_CAP_MS);
}

export interface CloudRealtimeDeps {
  socketFactory?: SocketFactory;
  /** Who the socket listens for (default: the session's token or device). */
  identity?: SpeechIdentity;
  capture?: (onFrame: (frame: Int16Array) => void) => Promise<PcmCapture>;
  /** Whether the page is in front (the microphone check waits while it is not). */
  isVisible?: () => boolean;
}

/**
 * Realtime recognition over the /speech socket: PCM 16 kHz mono frames from the AudioWorklet go up
 * as `sendAudioData`; `resultChanged` is interim, `resultCompleted` final. Business failures
 * (`taskFailed`) are reported and listening goes on; a lost connection (socket.io's disconnect, or
 * the server's `disconnected`) is retried 5 times; a microphone that stops is restarted.
 */
export class CloudRealtimeSpeechInput implements SpeechInput {
  private readonly events = new InputEvents();
  private socket: Socket | null = null;
  private capture: PcmCapture | null = null;
  private stopHeartbeat: (() => void) | null = null;
  private healthTimer: ReturnType<typeof setInterval> | null = null;
  /** PCM frames captured so far, and the count the last microphone check saw (null: none yet). */
  private frames = 0;
  private framesAtCheck: number | null = null;
  private wanted = false;
  private session = 0;
  private reconnectAttempt = 0;
  private status: RecognitionState = 'idle';
  private readonly socketFactory: SocketFactory;
  private readonly identity: SpeechIdentity;
  /** Subscribed while listening: a recognizer is made per use, and one left idle must not linger. */
  private offIdentity: (() => void) | null = null;
  private readonly startCapture: (onFrame: (frame: Int16Array) => void) => Promise<PcmCapture>;
  private readonly isVisible: () => boolean;

  constructor(deps: CloudRealtimeDeps = {}) {
    this.socketFactory = deps.socketFactory ?? defaultSocketFactory;
    this.identity = deps.identity ?? sessionSpeechIdentity;
    this.startCapture = deps.capture ?? startPcmCapture;
    this.isVisible = deps.isVisible ?? isPageVisible;
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
    this.healthTimer = setInterval(() => this.checkMicrophone(), RECOGNITION_HEALTH_CHECK_MS);
    void this.open();
  }

  stop(): void {
    this.wanted = false;
    this.stopWatching();
    this.session += 1;
    this.teardown(true);
    this.status = 'idle';
  }

  private fail(error: SpeechInputError): void {
    this.wanted = false;
    this.stopWatching();
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

  private stopWatching(): void {
    this.offIdentity?.();
    this.offIdentity = null;
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = null;
  }

  /**
   * Spec §9's 5 s heartbeat check. The socket needs none of its own (socket.io reports a drop, and
   * the 30 s heartbeat keeps it open); what can stop without a word is the microphone: an audio
   * context the system suspends (a phone call, another app taking the audio) stops the frames while
   * everything else looks fine, and the user would speak to nobody. A listening recognizer that got
   * no frame since the last check restarts its capture. Not while the page is hidden: a browser may
   * suspend audio there on purpose.
   */
  private checkMicrophone(): void {
    if (this.status !== 'listening' || !this.capture || !this.isVisible()) return;
    const seen = this.framesAtCheck;
    this.framesAtCheck = this.frames;
    if (seen !== null && seen === this.frames && this.socket) void this.listen(this.socket, this.session);
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

  private isCurrent(session: number): boolean {
    return session === this.session && this.wanted;
  }

  private async open(): Promise<void> {
    const session = ++this.session;
    const current = () => this.isCurrent(session);
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
    listenToRecognition(socket, {
      current: () => this.isCurrent(session),
      result: (update) => this.events.result(update),
      error: (error) => this.events.error(error),
      lost: () => {
        if (!this.isCurrent(session)) return;
        this.capture?.stop();
        this.capture = null;
        this.stopHeartbeat?.();
        this.stopHeartbeat = null;
        this.scheduleReconnect(session);
      },
    });
    socket.emit('startRecognition', { options: CLOUD_RECOGNITION_OPTIONS });
    const ok = await started;
    if (!current()) return;
    if (!ok) return this.fail({ key: 'speechInput.startTimeout', code: 'start-timeout' });
    this.reconnectAttempt = 0;
    await this.listen(socket, session);
  }

  /** Opens the microphone (again, when it stalled) and streams its frames over `socket`. */
  private async listen(socket: Socket, session: number): Promise<void> {
    const current = () => this.isCurrent(session);
    this.capture?.stop();
    this.capture = null;
    this.framesAtCheck = null;
    try {
      const capture = await this.startCapture((frame) => {
        this.frames += 1;
        if (!current() || !socket.connected) return;
        const bytes = new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);
        socket.emit('sendAudioData', { audioData: bytesToBase64(bytes), format: 'pcm' });
      });
      if (!current() || this.socket !== socket) return capture.stop();
      this.capture = capture;
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
    if (!this.isCurrent(session)) return;
    const delay = reconnectDelay(this.reconnectAttempt);
    if (delay === null) return this.fail({ key: 'speechInput.reconnectFailed', code: 'reconnect' });
    this.reconnectAttempt += 1;
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
    setTimeout(() => {
      if (this.isCurrent(session)) void this.open();
    }, delay);
  }
}
