/**
 * Where a call is, for both ends (the seeker's page, the volunteer's and the operator's). The pages
 * only read the phase; moves are this table, and a move it does not list is refused (null), so a
 * late event (a ring stopped after the call connected) cannot throw a page into a wrong state.
 */
export type CallPhase =
  | 'idle'
  | 'requesting'
  | 'ringing'
  | 'queued'
  | 'incoming'
  | 'connected'
  | 'reconnecting'
  | 'peerAway'
  | 'rejoining'
  | 'ended'
  | 'noAnswer'
  | 'cancelled';

export type CallEvent =
  | 'request'
  | 'answer'
  | 'ringing'
  | 'queued'
  | 'incoming'
  | 'connected'
  | 'mediaLost'
  | 'mediaBack'
  | 'peerAway'
  | 'peerBack'
  | 'rejoin'
  | 'ended'
  | 'noAnswer'
  | 'cancelled'
  | 'failed';

// 'requesting': waiting for the server to connect this page: the seeker's call, or the answer of an
// operator whose page opened for that call (a volunteer's answer from the ring stays 'incoming')
const AFTER_A_CALL = { request: 'requesting', answer: 'requesting', incoming: 'incoming' } as const;
const STILL_RINGING = { connected: 'connected', noAnswer: 'noAnswer', cancelled: 'cancelled' } as const;

export const CALL_TRANSITIONS: Record<CallPhase, Partial<Record<CallEvent, CallPhase>>> = {
  idle: { ...AFTER_A_CALL, rejoin: 'rejoining' },
  requesting: { ...STILL_RINGING, ringing: 'ringing', queued: 'queued', failed: 'idle' },
  ringing: { ...STILL_RINGING, queued: 'queued' },
  queued: STILL_RINGING,
  // a helper's phone ringing: answered, or stopped (taken, withdrawn, gone to the operators). An
  // answer keeps the ring's phase until the server connects it: the page goes on naming who asks
  // (never back to its idle words) and 接听 keeps the focus; a refused answer ends the ring.
  incoming: {
    answer: 'incoming',
    connected: 'connected',
    cancelled: 'idle',
    incoming: 'incoming',
    failed: 'idle',
  },
  connected: { mediaLost: 'reconnecting', peerAway: 'peerAway', ended: 'ended', rejoin: 'rejoining' },
  reconnecting: {
    mediaBack: 'connected',
    mediaLost: 'reconnecting',
    peerAway: 'peerAway',
    ended: 'ended',
    rejoin: 'rejoining',
  },
  // the other member's page went away without hanging up: the server waits for it to come back
  peerAway: {
    peerBack: 'connected',
    mediaBack: 'connected',
    mediaLost: 'peerAway',
    ended: 'ended',
    rejoin: 'rejoining',
  },
  // this page came back (a reload, a new socket) to a call the server may still keep
  rejoining: { connected: 'connected', ended: 'ended', failed: 'idle' },
  ended: AFTER_A_CALL,
  noAnswer: AFTER_A_CALL,
  cancelled: AFTER_A_CALL,
};

export function nextPhase(phase: CallPhase, event: CallEvent): CallPhase | null {
  return CALL_TRANSITIONS[phase][event] ?? null;
}

/** A call is going on (or being returned to): the socket and the media must not be dropped. */
export const inCall = (phase: CallPhase): boolean =>
  phase === 'connected' || phase === 'reconnecting' || phase === 'peerAway' || phase === 'rejoining';
/** The seeker is waiting for someone to answer. */
export const waiting = (phase: CallPhase): boolean =>
  phase === 'requesting' || phase === 'ringing' || phase === 'queued';
