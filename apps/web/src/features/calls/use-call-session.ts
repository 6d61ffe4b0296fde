import type {
  CallConnected,
  CallEndReason,
  CallLanguage,
  CallSignal,
  CallStage,
  IncomingCall,
  RingStopReason,
  SharedContext,
  SocketAuth,
} from '@sfm/protocol';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useCallFocus } from './call-focus.ts';
import { CallPeer } from './call-peer.ts';
import { inCall, nextPhase, type CallEvent, type CallPhase } from './call-phase.ts';
import { openCallsSocket } from './calls-socket.ts';

export interface CallSessionState {
  phase: CallPhase;
  callId: string | null;
  /** The other member's shown name once connected. */
  peerName: string;
  /** The call ringing on a helper's page. */
  incoming: IncomingCall | null;
  /** Why the helper's last ring stopped. */
  ringStop: RingStopReason | null;
  endReason: CallEndReason | null;
  /** The server's refusal, or the media's. */
  error: string | null;
}

const INITIAL: CallSessionState = {
  phase: 'idle',
  callId: null,
  peerName: '',
  incoming: null,
  ringStop: null,
  endReason: null,
  error: null,
};

type Action = { event: CallEvent; patch?: Partial<CallSessionState> } | { error: string };

function reduce(state: CallSessionState, action: Action): CallSessionState {
  if ('error' in action) {
    const phase = nextPhase(state.phase, 'failed') ?? state.phase;
    return { ...state, phase, error: action.error };
  }
  const phase = nextPhase(state.phase, action.event);
  if (!phase) return state;
  return { ...state, ...action.patch, phase };
}

/** A reconnecting call that has not come back in this time is ended (the other side is told). */
const RECONNECT_GIVE_UP_MS = 20_000;

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

/**
 * One page's calls: its socket on the calls namespace, the phase (call-phase.ts), the media and the
 * WebRTC peer; focus follows the phase (call-focus.ts). The page renders the state and calls the
 * actions; nothing here knows about words.
 */
export function useCallSession(options: CallSessionOptions) {
  const [state, dispatch] = useReducer(reduce, INITIAL);
  useCallFocus(state.phase);
  const [socket, setSocket] = useState<Socket | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const media = useRef<MediaStream | null>(null);
  // the seeker's camera opens while the call rings: the peer waits for it, not the ring
  const mediaReady = useRef<Promise<boolean>>(Promise.resolve(true));
  const abandoned = useRef(false);
  const peer = useRef<CallPeer | null>(null);
  const callId = useRef<string | null>(null);
  // the socket's handlers read the phase from here (a dropped socket keeps a call going, not a ring)
  const phase = useRef<CallPhase>(INITIAL.phase);
  useEffect(() => {
    phase.current = state.phase;
  }, [state.phase]);
  // from a drop mid-call until the server says this page is back in the call: signals are not sent
  const rejoining = useRef(false);
  // the call ringing on a helper's page (a stop for another call must not silence it)
  const ringing = useRef<string | null>(null);
  // the socket's handlers are wired once: they read the page's newest callbacks from here
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const stopMedia = useCallback(() => {
    peer.current?.close();
    peer.current = null;
    for (const track of media.current?.getTracks() ?? []) track.stop();
    media.current = null;
    setLocalStream(null);
    setRemoteStream(null);
  }, []);

  const openMedia = useCallback(async (): Promise<boolean> => {
    if (media.current) return true;
    try {
      media.current = await latest.current.openMedia();
      setLocalStream(media.current);
      return true;
    } catch {
      dispatch({ error: latest.current.mediaFailedText });
      return false;
    }
  }, []);

  const auth = options.auth;
  const authKey = auth ? JSON.stringify(auth) : '';
  useEffect(() => {
    if (!auth) return undefined;
    let closed = false;
    let opened: Socket | null = null;
    void openCallsSocket(options.namespace, auth).then((s) => {
      if (closed) {
        s.disconnect();
        return;
      }
      opened = s;
      wire(s);
      setSocket(s);
    });
    const wire = (s: Socket) => {
      s.on('connect', () => {
        // back after a drop mid-call: the server kept the call for a few seconds, take its place again
        if (callId.current && inCall(phase.current)) s.emit('rejoinCall', { callId: callId.current });
        latest.current.onConnect?.(s);
      });
      s.on('disconnect', (reason: Socket.DisconnectReason) => {
        // a dropped connection (not this page closing it) leaves the call running: the media may
        // still flow, and socket.io reconnects and rejoins it (or hears that it ended meanwhile)
        if (reason !== 'io client disconnect' && inCall(phase.current)) {
          rejoining.current = true;
          return;
        }
        // the server ends the call of a socket that went away: so does this side
        if (!callId.current) return;
        callId.current = null;
        stopMedia();
        dispatch({ event: 'ended', patch: { endReason: 'connection_lost' } });
      });
      s.on('callRinging', ({ callId: id, stage }: { callId: string; stage: CallStage }) => {
        if (abandoned.current) {
          // the camera was refused before the server named the call: it is cancelled now
          abandoned.current = false;
          s.emit('cancelCall', { callId: id });
          return;
        }
        callId.current = id;
        dispatch({ event: stage === 'operators' ? 'queued' : 'ringing', patch: { callId: id } });
      });
      s.on('incomingCall', (incoming: IncomingCall) => {
        ringing.current = incoming.callId;
        dispatch({ event: 'incoming', patch: { incoming, ringStop: null, endReason: null } });
      });
      s.on('ringStopped', ({ callId: id, reason }: { callId: string; reason: RingStopReason }) => {
        if (ringing.current !== id && callId.current !== id) return;
        ringing.current = null;
        if (callId.current === id) callId.current = null;
        // a helper who lost the race gives the microphone back
        if (!peer.current) stopMedia();
        dispatch({ event: 'cancelled', patch: { ringStop: reason, incoming: null } });
      });
      s.on('callConnected', (connected: CallConnected) => {
        callId.current = connected.callId;
        dispatch({
          event: 'connected',
          patch: { callId: connected.callId, peerName: connected.peerName, endReason: null },
        });
        void mediaReady.current.then(() => connectPeer(s, connected));
      });
      const connectPeer = (s: Socket, connected: CallConnected) => {
        if (callId.current !== connected.callId) return;
        const stream = media.current ?? new MediaStream();
        peer.current = new CallPeer({
          role: connected.role,
          iceServers: connected.iceServers,
          localStream: stream,
          iceTransportPolicy: latest.current.iceTransportPolicy,
          // a signal made while the socket is away is dropped, not sent late to a call this socket
          // has not rejoined yet (the server would refuse it): callRejoined restarts ICE instead
          send: (signal) => {
            if (!rejoining.current) s.emit('signal', { callId: connected.callId, signal });
          },
          onRemoteStream: setRemoteStream,
          onConnection: (c) => dispatch({ event: c === 'connected' ? 'mediaBack' : 'mediaLost' }),
        });
      };
      s.on('signal', ({ signal }: { callId: string; signal: CallSignal }) => {
        if (signal.kind === 'torch') latest.current.onTorchRequest?.(signal.on);
        else void peer.current?.handle(signal).catch(() => undefined);
      });
      s.on('callRejoined', () => {
        rejoining.current = false;
        peer.current?.restartIfDown();
      });
      s.on('callEnded', ({ reason }: { reason: CallEndReason }) => {
        rejoining.current = false;
        callId.current = null;
        stopMedia();
        dispatch({ event: 'ended', patch: { endReason: reason } });
      });
      s.on('noAnswer', () => {
        callId.current = null;
        stopMedia();
        dispatch({ event: 'noAnswer' });
      });
      s.on('error', ({ message }: { message: string }) => dispatch({ error: message }));
      for (const event of ['availability', 'queue', 'ringProgress']) {
        s.on(event, (data: unknown) => latest.current.onEvent?.(event, data));
      }
    };
    // a tab closed during a call says goodbye: the server ends the call at once rather than waiting
    // for a rejoin (a page without a call keeps its socket: it may come back from the history cache)
    const leave = () => {
      if (callId.current) opened?.disconnect();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      closed = true;
      opened?.disconnect();
      setSocket(null);
      stopMedia();
    };
    // the socket is the namespace's for this identity: a new token opens a new one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.namespace, authKey, stopMedia]);

  const hangUp = useCallback(() => {
    const id = callId.current;
    stopMedia();
    // the server's callEnded ends the phase once the call is recorded as ended (the history shows it)
    if (id && socket?.connected) {
      socket.emit('hangUp', { callId: id });
      return;
    }
    callId.current = null;
    dispatch({ event: 'ended', patch: { endReason: 'hang_up' } });
  }, [socket, stopMedia]);

  // a connection that does not come back is ended rather than left hanging
  useEffect(() => {
    if (state.phase !== 'reconnecting') return undefined;
    const timer = setTimeout(hangUp, RECONNECT_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [state.phase, hangUp]);

  const actions = {
    async request(language: CallLanguage, context: SharedContext | null) {
      if (!socket) return;
      dispatch({ event: 'request', patch: { error: null, endReason: null, callId: null, peerName: '' } });
      socket.emit('requestCall', { language, context });
      abandoned.current = false;
      mediaReady.current = openMedia();
      if (await mediaReady.current) return;
      if (callId.current) actions.cancel();
      else abandoned.current = true;
    },
    cancel() {
      const id = callId.current;
      if (id) socket?.emit('cancelCall', { callId: id });
      callId.current = null;
      stopMedia();
      dispatch({ event: 'cancelled' });
    },
    async accept(id: string) {
      // the ring stays on the page until the server connects it: a second press is the same answer
      if (callId.current === id || !socket || !(await openMedia())) return;
      callId.current = id;
      dispatch({ event: 'answer', patch: { error: null, endReason: null, ringStop: null } });
      socket.emit('acceptCall', { callId: id });
    },
    decline(id: string) {
      if (callId.current === id) return; // already answered
      ringing.current = null;
      socket?.emit('declineCall', { callId: id });
      dispatch({ event: 'cancelled', patch: { incoming: null, ringStop: null } });
    },
    hangUp,
    /** Torch requests (and any other signal of the page) to the other member. */
    signal(signal: CallSignal) {
      const id = callId.current;
      if (id) socket?.emit('signal', { callId: id, signal });
    },
    /** Sends another camera's video in place of the current one. */
    async replaceVideo(track: MediaStreamTrack) {
      await peer.current?.replaceVideo(track);
    },
  };

  return {
    state,
    socket,
    localStream,
    remoteStream,
    inCall: inCall(state.phase),
    actions,
  };
}
