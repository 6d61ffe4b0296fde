import type { CallSignal, IceServer } from '@sfm/protocol/calls';

export type PeerConnectionState = 'connected' | 'reconnecting';

export interface CallPeerOptions {
  /** The seeker makes the offers (its video leads); the helper answers. */
  role: 'seeker' | 'helper';
  iceServers: IceServer[];
  /** The seeker's camera and microphone, or the helper's microphone alone. */
  localStream: MediaStream;
  send(signal: CallSignal): void;
  onRemoteStream(stream: MediaStream): void;
  onConnection(state: PeerConnectionState): void;
  /** 'relay' forces TURN (a user behind a strict NAT, and the relay test). */
  iceTransportPolicy?: RTCIceTransportPolicy;
}

/** How long a dropped path may try to come back on its own before the seeker restarts ICE. */
const RESTART_AFTER_MS = 2000;
/**
 * A restart made while the network was still gone finds no path: while the connection stays down
 * the seeker tries again this often (one that is still connecting is given the time).
 */
const RESTART_AGAIN_MS = 6000;

/**
 * One side of a call's WebRTC connection. Only the seeker offers, so the two never offer at once;
 * candidates that arrive before the other side's description wait for it. A network change
 * (disconnected, failed) is reported as reconnecting, and the seeker restarts ICE, which makes a new
 * offer through the same signalling.
 */
export class CallPeer {
  private readonly pc: RTCPeerConnection;
  private readonly early: RTCIceCandidateInit[] = [];
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly options: CallPeerOptions) {
    this.pc = new RTCPeerConnection({
      iceServers: options.iceServers,
      iceTransportPolicy: options.iceTransportPolicy ?? 'all',
    });
    for (const track of options.localStream.getTracks()) this.pc.addTrack(track, options.localStream);
    // the helper sends no video but must receive the seeker's (an answer cannot add a direction)
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) options.send({ kind: 'candidate', candidate: candidate.toJSON() as CandidateJson });
    };
    this.pc.ontrack = ({ streams, track }) => options.onRemoteStream(streams[0] ?? new MediaStream([track]));
    this.pc.onconnectionstatechange = () => this.connectionChanged();
    if (options.role === 'seeker') this.pc.onnegotiationneeded = () => void this.offer();
  }

  /** The other side's signalling. */
  async handle(signal: CallSignal): Promise<void> {
    if (this.closed) return;
    if (signal.kind === 'description') {
      await this.pc.setRemoteDescription(signal.description);
      if (signal.description.type === 'offer') {
        const answer = await this.pc.createAnswer();
        await this.pc.setLocalDescription(answer);
        this.options.send({ kind: 'description', description: { type: 'answer', sdp: answer.sdp ?? '' } });
      }
      for (const candidate of this.early.splice(0)) await this.pc.addIceCandidate(candidate);
    } else if (signal.kind === 'candidate') {
      if (this.pc.remoteDescription) await this.pc.addIceCandidate(signal.candidate);
      else this.early.push(signal.candidate);
    }
  }

  /** Puts another camera's track in place of the one being sent (switch camera), without renegotiating. */
  async replaceVideo(track: MediaStreamTrack): Promise<void> {
    const sender = this.pc.getSenders().find((s) => s.track?.kind === 'video');
    await sender?.replaceTrack(track);
  }

  /**
   * The signalling came back after a drop (the page's socket rejoined the call): an ICE restart made
   * while it was away never reached the other side, so the seeker makes one again if the media is
   * still down. The helper waits for it.
   */
  restartIfDown(): void {
    if (this.options.role !== 'seeker' || this.pc.connectionState === 'connected') return;
    this.restartIn(0);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.restartTimer);
    this.pc.close();
  }

  private async offer(iceRestart = false): Promise<void> {
    if (this.closed) return;
    const offer = await this.pc.createOffer({ iceRestart });
    await this.pc.setLocalDescription(offer);
    this.options.send({ kind: 'description', description: { type: 'offer', sdp: offer.sdp ?? '' } });
  }

  private connectionChanged(): void {
    const state = this.pc.connectionState;
    if (state === 'connected') {
      clearTimeout(this.restartTimer);
      this.options.onConnection('connected');
    } else if (state === 'disconnected' || state === 'failed') {
      this.options.onConnection('reconnecting');
      if (this.options.role !== 'seeker') return;
      this.restartIn(state === 'failed' ? 0 : RESTART_AFTER_MS);
    }
  }

  /** An ICE restart in `ms`, then another each RESTART_AGAIN_MS the connection is still down. */
  private restartIn(ms: number): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (this.closed) return;
      const state = this.pc.connectionState;
      if (state === 'disconnected' || state === 'failed') void this.offer(true);
      if (state !== 'connected') this.restartIn(RESTART_AGAIN_MS);
    }, ms);
  }
}

type CandidateJson = { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null };
