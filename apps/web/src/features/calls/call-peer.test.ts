import type { CallSignal } from '@sfm/protocol/calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallPeer, type PeerConnectionState } from './call-peer.ts';

/** Just enough of RTCPeerConnection to see what CallPeer does when the connection changes. */
class FakePeerConnection {
  static last: FakePeerConnection | null = null;
  connectionState: RTCPeerConnectionState = 'new';
  onconnectionstatechange: (() => void) | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: unknown = null;
  ontrack: unknown = null;
  readonly offers: (RTCOfferOptions | undefined)[] = [];
  constructor() {
    FakePeerConnection.last = this;
  }
  addTrack(): void {}
  async createOffer(options?: RTCOfferOptions) {
    this.offers.push(options);
    return { type: 'offer' as const, sdp: `offer ${this.offers.length}` };
  }
  async setLocalDescription(): Promise<void> {}
  close(): void {}
  /** The browser's ICE agent moving the connection on. */
  become(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

function peer(role: 'seeker' | 'helper') {
  const sent: CallSignal[] = [];
  const states: PeerConnectionState[] = [];
  const callPeer = new CallPeer({
    role,
    iceServers: [],
    localStream: { getTracks: () => [] } as unknown as MediaStream,
    send: (signal) => sent.push(signal),
    onRemoteStream: () => undefined,
    onConnection: (state) => states.push(state),
  });
  return { callPeer, pc: FakePeerConnection.last!, sent, states };
}

const restarts = (pc: FakePeerConnection) => pc.offers.filter((o) => o?.iceRestart).length;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CallPeer', () => {
  it('reports a dropped path as reconnecting; the seeker restarts ICE after 2 s, at once when it failed', async () => {
    const { pc, sent, states } = peer('seeker');
    pc.become('connected');
    pc.become('disconnected');
    expect(states).toEqual(['connected', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(restarts(pc)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(restarts(pc)).toBe(1);
    expect(sent.at(-1)).toEqual({ kind: 'description', description: { type: 'offer', sdp: 'offer 1' } });
    pc.become('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(restarts(pc)).toBe(2);
    pc.become('connected');
    expect(states.at(-1)).toBe('connected');
  });

  it('restarts ICE again when the signalling comes back (rejoined) and the media is still down', async () => {
    const { callPeer, pc } = peer('seeker');
    pc.become('connected');
    callPeer.restartIfDown();
    await vi.advanceTimersByTimeAsync(0);
    expect(restarts(pc)).toBe(0);
    pc.become('disconnected');
    callPeer.restartIfDown();
    await vi.advanceTimersByTimeAsync(0);
    expect(restarts(pc)).toBe(1);
    // the one the dropped path had scheduled is not made on top of it
    await vi.advanceTimersByTimeAsync(5000);
    expect(restarts(pc)).toBe(1);
  });

  it('tries again every 6 s while the path stays down (a restart made before the network came back), and stops once connected', async () => {
    const { callPeer, pc } = peer('seeker');
    pc.become('connected');
    pc.become('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(restarts(pc)).toBe(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(restarts(pc)).toBe(2);
    // connecting: the attempt under way is given its time
    pc.connectionState = 'connecting';
    await vi.advanceTimersByTimeAsync(6000);
    expect(restarts(pc)).toBe(2);
    pc.become('connected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(restarts(pc)).toBe(2);
    pc.become('failed');
    callPeer.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(restarts(pc)).toBe(2);
  });

  it('leaves the restarts to the seeker: the helper only says it is reconnecting', async () => {
    const { callPeer, pc, states } = peer('helper');
    pc.become('failed');
    callPeer.restartIfDown();
    await vi.advanceTimersByTimeAsync(5000);
    expect(states).toEqual(['reconnecting']);
    expect(pc.offers).toEqual([]);
  });
});
