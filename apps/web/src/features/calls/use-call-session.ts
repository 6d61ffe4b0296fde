import type {
  CallConnected,
  CallEndReason,
  CallSignal,
  CallStage,
  IncomingCall,
  RingStopReason,
  SharedContext,
} from '@sfm/protocol/calls';
import type { CallLanguage } from '@sfm/protocol/calls-language';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useCallFocus } from './call-focus.ts';
import { CallLink } from './call-link.ts';
import { inCall, type CallPhase } from './call-phase.ts';
import { resumableCall } from './call-resume.ts';
import { reduceCall, returningTo } from './call-state.ts';
import type { CallSessionOptions } from './call-session-options.ts';
import { openCallsSocket } from './calls-socket.ts';
import { useLocalMedia } from './use-local-media.ts';

/** A reconnecting call that has not come back in this time is ended (the other side is told). */
const RECONNECT_GIVE_UP_MS = 20_000;

/**
 * One page's calls: its socket on the calls namespace, the phase (call-phase.ts), the media and the
 * WebRTC link (call-link.ts); focus follows the phase (call-focus.ts). A page that goes away without
 * hanging up (a reload, a network change) leaves the call to the server's grace period: the page
 * that comes back rejoins it (call-resume.ts). The page renders the state and calls the actions;
 * nothing here knows about words.
 */
export function useCallSession(options: CallSessionOptions) {
  // a reloaded page in the middle of a call opens returning to it, never on its idle words
  const [state, dispatch] = useReducer(reduceCall, options.namespace, returningTo);
  useCallFocus(state.phase);
  const [socket, setSocket] = useState<Socket | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  // the seeker's camera opens while the call rings: the peer waits for it, not the ring
  const mediaReady = useRef<Promise<boolean>>(Promise.resolve(true));
  const abandoned = useRef(false);
  const callId = useRef<string | null>(state.phase === 'rejoining' ? state.callId : null);
  // the socket's handlers read the phase from here (a dropped socket keeps a call going, not a ring)
  const phase = useRef<CallPhase>(state.phase);
  useEffect(() => {
    phase.current = state.phase;
  }, [state.phase]);
  // from a drop mid-call until the server says this page is back in the call: signals are not sent
  const rejoining = useRef(false);
  // this page has no media connection for the call it is returning to (it was reloaded)
  const returning = useRef(state.phase === 'rejoining');
  // the call ringing on a helper's page (a stop for another call must not silence it)
  const ringing = useRef<string | null>(null);
  // the socket's handlers are wired once: they read the page's newest callbacks from here
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const namespace = options.namespace;
  const link = useRef<CallLink | null>(null);
  const openStream = useCallback(() => latest.current.openMedia(), []);
  const media = useLocalMedia(openStream);
  const { stop: stopLocal, open: openLocal, isOpen: mediaOpen, sending } = media;

  const stopMedia = useCallback(() => {
    link.current?.close();
    stopLocal();
    setRemoteStream(null);
  }, [stopLocal]);

  /** The call is over for this page: nothing of it is kept for a reload. */
  const finish = useCallback(() => {
    callId.current = null;
    resumableCall.forget(namespace);
    stopMedia();
  }, [namespace, stopMedia]);

  const openMedia = useCallback(async (): Promise<boolean> => {
    const opened = await openLocal();
    if (!opened) dispatch({ error: latest.current.mediaFailedText });
    return opened;
  }, [openLocal]);

  const auth = options.auth;
  const authKey = auth ? JSON.stringify(auth) : '';
  useEffect(() => {
    if (!auth) return undefined;
    let closed = false;
    let opened: Socket | null = null;
    void openCallsSocket(namespace, auth).then((s) => {
      if (closed) {
        s.disconnect();
        return;
      }
      opened = s;
      wire(s);
      setSocket(s);
    });
    const wire = (s: Socket) => {
      link.current = new CallLink({
        // a signal made while the socket is away is dropped, not sent late to a call this socket
        // has not rejoined yet (the server would refuse it): callRejoined restarts ICE instead
        send: (id, signal) => {
          if (!rejoining.current) s.emit('signal', { callId: id, signal });
        },
        onRemoteStream: setRemoteStream,
        onConnection: (c) => dispatch({ event: c === 'connected' ? 'mediaBack' : 'mediaLost' }),
        iceTransportPolicy: () => latest.current.iceTransportPolicy,
      });
      s.on('connect', () => {
        // a page that went away mid-call (a reload, a new sign-in token) goes back to it
        const kept = resumableCall.recall(namespace);
        if (!callId.current && kept) {
          callId.current = kept;
          returning.current = true;
          dispatch({ event: 'rejoin', patch: { callId: kept, reconnected: false, lostWhileAway: false } });
        }
        if (returning.current && !mediaOpen()) mediaReady.current = openMedia();
        // back after a drop mid-call: the server kept the call for a while, take its place again
        if (callId.current && (returning.current || inCall(phase.current))) {
          s.emit('rejoinCall', { callId: callId.current, fresh: returning.current });
        }
        latest.current.onConnect?.(s);
      });
      s.on('disconnect', (reason: Socket.DisconnectReason) => {
        // a dropped connection (not this page closing it) leaves the call running: the media may
        // still flow, and socket.io reconnects and rejoins it (or hears that it ended meanwhile)
        if (reason !== 'io client disconnect' && inCall(phase.current)) {
          rejoining.current = true;
          return;
        }
        if (!callId.current) return;
        finish();
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
        if (!link.current?.active) stopMedia();
        dispatch({ event: 'cancelled', patch: { ringStop: reason, incoming: null } });
      });
      s.on('callConnected', (connected: CallConnected) => {
        callId.current = connected.callId;
        resumableCall.remember(namespace, connected.callId);
        const reconnected = returning.current;
        returning.current = false;
        rejoining.current = false;
        dispatch({
          event: 'connected',
          patch: { callId: connected.callId, peerName: connected.peerName, endReason: null, reconnected },
        });
        void mediaReady.current.then(() => {
          if (callId.current === connected.callId) link.current?.start(connected, sending());
        });
      });
      s.on('signal', ({ signal }: { callId: string; signal: CallSignal }) => {
        if (signal.kind === 'torch') latest.current.onTorchRequest?.(signal.on);
        else if (callId.current) link.current?.handle(signal);
      });
      s.on('peerAway', () => dispatch({ event: 'peerAway' }));
      s.on('callRejoined', ({ fresh }: { callId: string; fresh: boolean }) => {
        rejoining.current = false;
        // the other member's page was reloaded: it has no connection left, a new one starts
        if (fresh) link.current?.renew(sending());
        else link.current?.restartIfDown();
        dispatch({ event: 'peerBack', patch: { reconnected: true } });
      });
      s.on('callEnded', ({ reason }: { reason: CallEndReason }) => {
        rejoining.current = false;
        const lostWhileAway = returning.current;
        returning.current = false;
        finish();
        dispatch({ event: 'ended', patch: { endReason: reason, lostWhileAway } });
      });
      s.on('noAnswer', () => {
        finish();
        dispatch({ event: 'noAnswer' });
      });
      s.on('error', ({ message }: { message: string }) => dispatch({ error: message }));
      for (const event of ['availability', 'queue', 'ringProgress']) {
        s.on(event, (data: unknown) => latest.current.onEvent?.(event, data));
      }
    };
    return () => {
      closed = true;
      // the page (or its sign-in) goes, not the call: the server keeps it for the grace period and
      // the next socket, or the page opened again, returns to it (first, so that the socket's
      // disconnect below does not end it here)
      callId.current = null;
      opened?.disconnect();
      setSocket(null);
      stopMedia();
    };
    // the socket is the namespace's for this identity: a new token opens a new one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [namespace, authKey, stopMedia, finish]);

  const hangUp = useCallback(() => {
    const id = callId.current;
    // the server's callEnded ends the phase once the call is recorded as ended (the history shows it)
    if (id && socket?.connected) {
      stopMedia();
      resumableCall.forget(namespace);
      socket.emit('hangUp', { callId: id });
      return;
    }
    finish();
    dispatch({ event: 'ended', patch: { endReason: 'hang_up' } });
  }, [socket, namespace, stopMedia, finish]);

  // a connection that does not come back is ended rather than left hanging
  useEffect(() => {
    if (state.phase !== 'reconnecting') return undefined;
    const timer = setTimeout(hangUp, RECONNECT_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [state.phase, hangUp]);

  const actions = {
    async request(language: CallLanguage, context: SharedContext | null) {
      if (!socket) return;
      dispatch({
        event: 'request',
        patch: {
          error: null,
          endReason: null,
          callId: null,
          peerName: '',
          reconnected: false,
          lostWhileAway: false,
        },
      });
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
      finish();
      dispatch({ event: 'cancelled' });
    },
    async accept(id: string) {
      // the ring stays on the page until the server connects it: a second press is the same answer
      // (and a reloaded operator's page is already going back to the call it answered)
      if (callId.current === id || !socket || !(await openMedia())) return;
      callId.current = id;
      dispatch({
        event: 'answer',
        patch: { error: null, endReason: null, ringStop: null, reconnected: false, lostWhileAway: false },
      });
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
      await link.current?.replaceVideo(track);
    },
  };

  return {
    state,
    socket,
    localStream: media.stream,
    remoteStream,
    inCall: inCall(state.phase),
    actions,
  };
}
