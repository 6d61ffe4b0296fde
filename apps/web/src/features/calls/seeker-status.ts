import type { TFunction } from 'i18next';
import type { CallSessionState } from './call-state.ts';

/**
 * What the help-seeker hears and reads for each phase of the call: their own words ("已接通志愿者"),
 * where the volunteer's page says the other side's ("已接通求助者", calls.state.connected). While
 * volunteers are rung, `notified` (the server's count for this call, every 15 s) replaces the plain
 * ringing words: "已通知 12 位志愿者，还在等待".
 */
export function seekerStatus(state: CallSessionState, t: TFunction, notified: number | null = null): string {
  switch (state.phase) {
    case 'idle':
      return state.error ?? '';
    case 'requesting':
      return t('calls.state.requesting');
    case 'ringing':
      return notified ? t('calls.state.notified', { count: notified }) : t('calls.state.ringing');
    case 'queued':
      return t('calls.state.queued');
    case 'connected':
      if (state.reconnected) return t('calls.state.reconnected');
      return state.peerName
        ? t('calls.seeker.connected', { name: state.peerName })
        : t('calls.seeker.connectedNoName');
    case 'reconnecting':
      return t('calls.state.reconnecting');
    case 'peerAway':
      return t('calls.state.peerAway');
    case 'rejoining':
      return t('calls.state.rejoining');
    case 'ended':
      return endedStatus(state, t);
    case 'noAnswer':
      return t('calls.state.noAnswer');
    case 'cancelled':
      return t('calls.state.cancelled');
    case 'incoming':
      return '';
  }
}

/** Either member's words for a call that ended: cut off while this page was away, left, or ended. */
export function endedStatus(state: CallSessionState, t: TFunction): string {
  if (state.lostWhileAway) return t('calls.state.lostWhileAway');
  return state.endReason === 'connection_lost' ? t('calls.state.peerLeft') : t('calls.state.ended');
}
