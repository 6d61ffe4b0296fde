import type { CallEndReason, IncomingCall, RingStopReason } from '@sfm/protocol/calls';
import { resumableCall } from './call-resume.ts';
import { nextPhase, type CallEvent, type CallPhase } from './call-phase.ts';

/** What a call page shows of its call: the phase (call-phase.ts) and what came with each move. */
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
  /** The call came back after a page went away (either member's): the page says 已重新连接. */
  reconnected: boolean;
  /** This page came back to a call that had ended meanwhile: the page says it was cut off. */
  lostWhileAway: boolean;
  /** The server's refusal, or the media's. */
  error: string | null;
}

/** A page's call state before any call: nothing asked, rung or said. */
export const INITIAL_CALL_STATE: CallSessionState = {
  phase: 'idle',
  callId: null,
  peerName: '',
  incoming: null,
  ringStop: null,
  endReason: null,
  reconnected: false,
  lostWhileAway: false,
  error: null,
};

export type CallAction = { event: CallEvent; patch?: Partial<CallSessionState> } | { error: string };

/** The state after a server event or a page action (a move the phase table refuses changes nothing). */
export function reduceCall(state: CallSessionState, action: CallAction): CallSessionState {
  if ('error' in action) {
    const phase = nextPhase(state.phase, 'failed') ?? state.phase;
    return { ...state, phase, error: action.error };
  }
  const phase = nextPhase(state.phase, action.event);
  if (!phase) return state;
  return { ...state, ...action.patch, phase };
}

/** The state a page opens with: returning to the call this tab was in, if it kept one (call-resume.ts). */
export function returningTo(namespace: string): CallSessionState {
  const callId = resumableCall.recall(namespace);
  return callId ? { ...INITIAL_CALL_STATE, phase: 'rejoining', callId } : INITIAL_CALL_STATE;
}
