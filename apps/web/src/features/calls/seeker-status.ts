import type { TFunction } from 'i18next';
import type { CallSessionState } from './use-call-session.ts';

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
      return state.peerName
        ? t('calls.seeker.connected', { name: state.peerName })
        : t('calls.seeker.connectedNoName');
    case 'reconnecting':
      return t('calls.state.reconnecting');
    case 'ended':
      return state.endReason === 'connection_lost' ? t('calls.state.peerLeft') : t('calls.state.ended');
    case 'noAnswer':
      return t('calls.state.noAnswer');
    case 'cancelled':
      return t('calls.state.cancelled');
    case 'incoming':
      return '';
  }
}
