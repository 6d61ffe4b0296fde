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
      return t('state.requesting');
    case 'ringing':
      return notified ? t('state.notified', { count: notified }) : t('state.ringing');
    case 'queued':
      return t('state.queued');
    case 'connected':
      if (state.reconnected) return t('state.reconnected');
      return state.peerName ? t('seeker.connected', { name: state.peerName }) : t('seeker.connectedNoName');
    case 'reconnecting':
      return t('state.reconnecting');
    case 'peerAway':
      return t('state.peerAway');
    case 'rejoining':
      return t('state.rejoining');
    case 'ended':
      return endedStatus(state, t);
    case 'noAnswer':
      return t('state.noAnswer');
    case 'cancelled':
      return t('state.cancelled');
    case 'incoming':
      return '';
  }
}

/** Either member's words for a call that ended: cut off while this page was away, left, or ended. */
export function endedStatus(state: CallSessionState, t: TFunction): string {
  if (state.lostWhileAway) return t('state.lostWhileAway');
  return state.endReason === 'connection_lost' ? t('state.peerLeft') : t('state.ended');
}
