import { CALL_OPERATORS_NAMESPACE } from '@sfm/protocol/calls';
import { Alert, Button, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { CALLS_ADMIN_NS } from '../../../i18n/admin/calls/index.ts';
import { useSession } from '../../../session/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { ADMIN_ROOT } from '../../../back-office/index.ts';
import { iceTransportPolicy, openHelperMedia, setMicrophone } from '../call-media.ts';
import { CallVideo } from '../call-video.tsx';
import type { CallSessionState } from '../call-state.ts';
import { useCallSession } from '../use-call-session.ts';
import './calls-admin.css';

function operatorStatus(state: CallSessionState, t: TFunction<'admin'>): string {
  if (state.error) return state.error;
  switch (state.phase) {
    case 'requesting':
      return t('videoCall.answering');
    case 'connected':
      if (state.reconnected) return t('videoCall.reconnected');
      return t('videoCall.connected', { name: state.peerName });
    case 'reconnecting':
      return t('videoCall.reconnecting');
    case 'peerAway':
      return t('videoCall.peerAway');
    case 'rejoining':
      return t('videoCall.rejoining');
    case 'ended':
      return state.lostWhileAway ? t('videoCall.lostWhileAway') : t('videoCall.ended');
    case 'cancelled':
      return state.ringStop === 'taken' ? t('videoCall.taken') : t('videoCall.cancelled');
    case 'idle':
    case 'ringing':
    case 'queued':
    case 'incoming':
    case 'noAnswer':
      return '';
  }
}

/** The admin video call page: an operator answers the call chosen on the system calls page. */
export function AdminVideoCallPage() {
  const { t } = useTranslation(CALLS_ADMIN_NS);
  const [params] = useSearchParams();
  const callId = params.get('call');
  const token = useSession((s) => s.adminToken);
  const [muted, setMuted] = useState(false);
  const [torchAsked, setTorchAsked] = useState(false);
  const session = useCallSession({
    namespace: CALL_OPERATORS_NAMESPACE,
    auth: token && callId ? { token } : null,
    role: 'helper',
    openMedia: openHelperMedia,
    mediaFailedText: t('videoCall.micFailed'),
    iceTransportPolicy: iceTransportPolicy(),
  });
  const { state, actions, socket } = session;
  const answered = useRef(false);
  useEffect(() => {
    if (!socket || !callId || answered.current) return;
    answered.current = true;
    const answer = () => void actions.accept(callId);
    if (socket.connected) answer();
    else socket.once('connect', answer);
  }, [socket, callId, actions]);

  const status = operatorStatus(state, t);
  useEffect(() => {
    if (status) announce(status);
  }, [status]);

  const back = <Link to={`${ADMIN_ROOT}/system-calls`}>{t('videoCall.back')}</Link>;
  if (!callId) return <Alert type="info" title={t('videoCall.noCall')} description={back} />;
  return (
    <>
      <p className="admin-call-status">{status}</p>
      {session.inCall ? (
        <>
          <CallVideo
            stream={session.remoteStream}
            label={t('videoCall.remoteVideo')}
            className="admin-call-video"
          />
          <Space className="admin-call-controls" wrap>
            <Button
              aria-pressed={muted}
              onClick={() => {
                setMicrophone(session.localStream, muted);
                setMuted(!muted);
              }}
            >
              {t('videoCall.mute')}
            </Button>
            <Button
              aria-pressed={torchAsked}
              onClick={() => {
                actions.signal({ kind: 'torch', on: !torchAsked });
                setTorchAsked(!torchAsked);
              }}
            >
              {t('videoCall.askTorch')}
            </Button>
            <Button danger type="primary" onClick={actions.hangUp}>
              {t('videoCall.end')}
            </Button>
          </Space>
        </>
      ) : (
        back
      )}
    </>
  );
}
