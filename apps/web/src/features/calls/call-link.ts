import type { CallConnected, CallSignal } from '@sfm/protocol/calls';
import { CallPeer, type PeerConnectionState } from './call-peer.ts';

export interface CallLinkOptions {
  /** Sends a signal of the call to the other member (dropped while the page is away from the call). */
  send(callId: string, signal: CallSignal): void;
  onRemoteStream(stream: MediaStream | null): void;
  onConnection(state: PeerConnectionState): void;
  iceTransportPolicy(): RTCIceTransportPolicy | undefined;
}

/**
 * The media connection of one page's call: its WebRTC peer (call-peer.ts) for the call the server
 * connected, the other member's signals that arrive before the peer exists (a reloaded page opening
 * its camera while the other side already offers), and a new peer when the other member's page
 * was reloaded and lost the old one.
 */
export class CallLink {
  private peer: CallPeer | null = null;
  private call: CallConnected | null = null;
  private early: CallSignal[] = [];

  constructor(private readonly options: CallLinkOptions) {}

  get active(): boolean {
    return this.peer !== null;
  }

  /** The server connected this page to `call`: a peer sending `stream`. */
  start(call: CallConnected, stream: MediaStream): void {
    this.peer?.close();
    this.call = call;
    this.peer = new CallPeer({
      role: call.role,
      iceServers: call.iceServers,
      localStream: stream,
      iceTransportPolicy: this.options.iceTransportPolicy(),
      send: (signal) => this.options.send(call.callId, signal),
      onRemoteStream: this.options.onRemoteStream,
      onConnection: this.options.onConnection,
    });
    for (const signal of this.early.splice(0)) void this.peer.handle(signal).catch(() => undefined);
  }

  /** The other member's page came back without its connection (a reload): a new one from scratch. */
  renew(stream: MediaStream): void {
    if (!this.call) return;
    this.options.onRemoteStream(null);
    this.start(this.call, stream);
  }

  /** The other member's signal for `callId`, the call this page is in or is rejoining. */
  handle(signal: CallSignal): void {
    if (this.peer) void this.peer.handle(signal).catch(() => undefined);
    else this.early.push(signal);
  }

  restartIfDown(): void {
    this.peer?.restartIfDown();
  }

  async replaceVideo(track: MediaStreamTrack): Promise<void> {
    await this.peer?.replaceVideo(track);
  }

  close(): void {
    this.peer?.close();
    this.peer = null;
    this.call = null;
    this.early = [];
  }
}
