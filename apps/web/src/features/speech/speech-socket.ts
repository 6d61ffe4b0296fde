import { SOCKET_HEARTBEAT_MS, type SocketAuth } from '@sfm/protocol';
import type * as SocketIo from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { isProtocolLoaded, loadProtocolSchemas } from '../../api/protocol-schemas.ts';
import { getDeviceId, useSession } from '../../session/index.ts';

/** Spec §7: speech sockets authenticate like requests: token + registered, or deviceId + temporary. */
function speechSocketAuth(): SocketAuth {
  const token = useSession.getState().token;
  let deviceId: string | undefined;
  try {
    deviceId = getDeviceId();
  } catch {
    deviceId = undefined;
  }
  return token ? { token, deviceId, userType: 'registered' } : { deviceId, userType: 'temporary' };
}

/** Where a speech socket learns who it speaks for, and hears when that changes. */
export interface SpeechIdentity {
  auth(): SocketAuth;
  /** Calls `listener` on login, logout and token refresh; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The session's identity: a socket opened before a login would otherwise keep the device identity. */
export const sessionSpeechIdentity: SpeechIdentity = {
  auth: speechSocketAuth,
  onChange: (listener) =>
    useSession.subscribe((state, previous) => {
      if (state.token !== previous.token) listener();
    }),
};

export const sameSocketAuth = (a: SocketAuth, b: SocketAuth): boolean =>
  a.token === b.token && a.deviceId === b.deviceId && a.userType === b.userType;

export interface SocketOptions {
  auth: SocketAuth;
  /** socket.io's connect timeout (default: the default client's, SOCKET_CLIENT_DEFAULTS.timeout). */
  timeoutMs?: number;
  /** A connection of its own instead of sharing the one of the same origin with other namespaces. */
  forceNew?: boolean;
  /** socket.io's own reconnection after a drop; without it reconnection is left to the caller. */
  reconnection?: { attempts: number; delayMs: number };
}

/**
 * Spec §7: the default socket client's options. They are socket.io's own defaults too, written out
 * so that an upgrade of socket.io cannot change them unseen. A namespace with its own timeout or
 * reconnection delay in the spec passes it (SocketOptions) and the rest stays as here.
 */
export const SOCKET_CLIENT_DEFAULTS = {
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

export interface SocketFactory {
  (namespace: string, options: SocketOptions): Socket;
  /**
   * Resolves once the factory can open sockets; undefined when it already can (then nothing waits,
   * not even a tick). A factory without it always can.
   */
  ready?: () => Promise<void> | undefined;
}

let client: typeof SocketIo | null = null;
let loading: Promise<void> | null = null;

/**
 * socket.io's client (13 KB gzip) is loaded when the first speech socket is about to open — at app
 * start, beside the first render — instead of before the first page can show.
 */
function loadSocketClient(): Promise<void> | undefined {
  if (client) return undefined;
  loading ??= import('socket.io-client').then(
    (module) => {
      client = module;
    },
    (error: unknown) => {
      loading = null; // a failed download may be tried again by the next socket
      throw error;
    },
  );
  return loading;
}

/**
 * What must be loaded before a speech socket opens: the factory's client (socket.io) and the
 * protocol's schemas its events are checked with (zod is not in the first download either).
 * Undefined when both already are: then nothing waits, not even a tick.
 */
export function socketReady(factory: SocketFactory): Promise<void> | undefined {
  const loading = factory.ready?.();
  if (!loading && isProtocolLoaded()) return undefined;
  return Promise.all([loading, loadProtocolSchemas()]).then(() => undefined);
}

/** Same origin (path /socket.io), websocket only. */
export const defaultSocketFactory: SocketFactory = Object.assign(
  (namespace: string, { auth, timeoutMs, forceNew, reconnection }: SocketOptions): Socket => {
    if (!client) throw new Error('socket.io client not loaded yet: wait for defaultSocketFactory.ready()');
    return client.io(namespace, {
      ...SOCKET_CLIENT_DEFAULTS,
      transports: ['websocket'],
      auth,
      timeout: timeoutMs ?? SOCKET_CLIENT_DEFAULTS.timeout,
      forceNew: forceNew === true,
      reconnection: reconnection !== undefined,
      ...(reconnection && {
        reconnectionAttempts: reconnection.attempts,
        reconnectionDelay: reconnection.delayMs,
      }),
      autoConnect: true,
    });
  },
  { ready: loadSocketClient },
);

/** Emits `heartbeat` every 30 s while connected; returns the stop. */
export function startHeartbeat(
  socket: Pick<Socket, 'emit' | 'connected'>,
  everyMs = SOCKET_HEARTBEAT_MS,
): () => void {
  const timer = setInterval(() => {
    if (socket.connected) socket.emit('heartbeat', {});
  }, everyMs);
  return () => clearInterval(timer);
}

/** Resolves once the socket is connected; rejects with 'connection timeout' or the connect error. */
export function waitConnected(socket: Socket, timeoutMs: number): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('connection timeout'));
    }, timeoutMs);
    const onConnect = () => {
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
    };
    socket.on('connect', onConnect);
    socket.on('connect_error', onError);
  });
}

/** base64 → bytes (the audio chunks of /speech-synthesis). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** bytes → base64 (PCM frames to /speech, recordings to /api/speech/recognize). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}
