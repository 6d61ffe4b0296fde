import type { SocketAuth } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';

/** What a call page gives its call session (use-call-session.ts): where, who, and its own hooks. */
export interface CallSessionOptions {
  namespace: string;
  /** null: not signed in (nothing is opened). */
  auth: SocketAuth | null;
  role: 'seeker' | 'helper';
  /** The seeker's rear camera and microphone, or the helper's microphone: asked for when needed. */
  openMedia(): Promise<MediaStream>;
  /** Each time the socket (re)connects: a volunteer says again whether they are available. */
  onConnect?(socket: Socket): void;
  /** A server event the session does not handle itself (availability, queue, ringProgress). */
  onEvent?(event: string, data: unknown): void;
  /** The helper asked the seeker's phone to turn its torch on or off. */
  onTorchRequest?(on: boolean): void;
  /** Media failed to open. */
  mediaFailedText: string;
  iceTransportPolicy?: RTCIceTransportPolicy;
}
