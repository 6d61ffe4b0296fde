import { SPEECH_SYNTHESIS_NAMESPACE, type SocketAuth } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';
import {
  sameSocketAuth,
  socketReady,
  startHeartbeat,
  waitConnected,
  type SocketFactory,
  type SpeechIdentity,
} from '../speech-socket.ts';
import { SYNTHESIS_CONNECT_WAIT_MS, type SynthesisSocketOptions } from './cloud-speech-config.ts';

/** Why a text was not given to the cloud voice: it is not connected (the device voice says it). */
export const CLOUD_VOICE_NOT_CONNECTED = 'cloud voice not connected';

export interface SynthesisConnectionOptions {
  socket: Readonly<SynthesisSocketOptions>;
  socketFactory: SocketFactory;
  identity: SpeechIdentity;
  /** Puts the engine's event handlers on a socket just made. */
  wire(socket: Socket): void;
  /** A text is being said on the socket: an identity change reopens it only after that. */
  busy(): boolean;
}

/**
 * The cloud voice's /speech-synthesis socket: opened when first needed with the identity of the
 * moment, reopened when that identity changes, given the spec's 30 s to connect, and never waited
 * for by a text for longer than SYNTHESIS_CONNECT_WAIT_MS.
 */
export class SynthesisConnection {
  private socket: Socket | null = null;
  /** The identity `socket` was opened with. */
  private socketAuth: SocketAuth | null = null;
  private stopHeartbeat: (() => void) | null = null;
  private connecting: Promise<Socket> | null = null;
  /** Counts closes: a socket still being opened when one happens is not wanted any more. */
  private closings = 0;
  /**
   * A text gave up waiting for the connection, or an attempt failed, and none has succeeded since:
   * the cloud voice is probably out of reach, so texts go to the device voice without waiting.
   */
  private unreachable = false;

  constructor(private readonly opts: SynthesisConnectionOptions) {
    // the engine lives as long as the page, and so does this subscription
    opts.identity.onChange(() => this.followIdentity());
  }

  /** The socket (connected or not), for a stop that should reach the server. */
  current(): Socket | null {
    return this.socket;
  }

  /** The connected socket of the identity of now: reused, or opened; rejects when it cannot connect. */
  connect(): Promise<Socket> {
    if (this.socket?.connected && this.socketIsCurrent()) return Promise.resolve(this.socket);
    if (!this.connecting) {
      const attempt: Promise<Socket> = this.open().finally(() => {
        if (this.connecting === attempt) this.connecting = null;
      });
      this.connecting = attempt;
    }
    return this.connecting;
  }

  /**
   * The connection a text is said on. When it is not up, the text waits at most
   * SYNTHESIS_CONNECT_WAIT_MS for it, and not at all while the voice is out of reach; then it
   * rejects with CLOUD_VOICE_NOT_CONNECTED and the device voice says the text. The attempt goes on
   * in the background for the texts after it.
   */
  async forText(): Promise<Socket> {
    if (this.socket?.connected && this.socketIsCurrent()) return this.socket;
    const connecting = this.connect();
    if (this.unreachable) {
      connecting.catch(() => undefined); // reported by the attempt itself (unreachable stays set)
      throw new Error(CLOUD_VOICE_NOT_CONNECTED);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(CLOUD_VOICE_NOT_CONNECTED)), SYNTHESIS_CONNECT_WAIT_MS);
    });
    try {
      return await Promise.race([connecting, gaveUp]);
    } catch (error) {
      this.unreachable = true;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async open(): Promise<Socket> {
    this.close();
    const closings = this.closings;
    const loading = socketReady(this.opts.socketFactory);
    if (loading) {
      await loading;
      if (closings !== this.closings) throw new Error('speech socket closed while it was opening');
    }
    const auth = this.opts.identity.auth();
    const socket = this.opts.socketFactory(SPEECH_SYNTHESIS_NAMESPACE, { ...this.opts.socket, auth });
    this.socket = socket;
    this.socketAuth = auth;
    this.opts.wire(socket);
    this.stopHeartbeat = startHeartbeat(socket);
    try {
      await waitConnected(socket, this.opts.socket.timeoutMs);
    } catch (error) {
      // unless close() already closed it (and a newer socket may be in its place)
      if (this.socket === socket) {
        this.close();
        this.unreachable = true;
      }
      throw error;
    }
    this.unreachable = false;
    return socket;
  }

  /** The socket was opened with the identity of now. */
  private socketIsCurrent(): boolean {
    return this.socketAuth !== null && sameSocketAuth(this.socketAuth, this.opts.identity.auth());
  }

  /**
   * Spec §6: the server charges and limits each text by the socket's identity, so after a login,
   * logout or token refresh an open socket is reopened with the new one — at once when idle, after
   * its text when one is being said (cutting it off would silence the user mid-sentence). A socket
   * still connecting is checked once it is up; a text always reconnects first (connect()).
   */
  followIdentity(): void {
    if (this.connecting) {
      void this.connecting.then(
        () => this.followIdentity(),
        () => undefined,
      );
      return;
    }
    if (!this.socket || this.opts.busy() || this.socketIsCurrent()) return;
    this.connect().catch((error: unknown) =>
      console.warn('speech socket reconnect failed:', error instanceof Error ? error.message : error),
    );
  }

  /**
   * Closes the socket. An attempt still under way is not waited for any more: its socket is closed
   * with its listeners, so it would only end by its 30 s timeout, and the next connect() opens anew.
   */
  close(): void {
    this.closings += 1;
    this.connecting = null;
    this.stopHeartbeat?.();
    this.stopHeartbeat = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
  }
}
