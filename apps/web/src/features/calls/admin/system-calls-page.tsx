import { CALL_OPERATORS_NAMESPACE, type IncomingCall } from '@sfm/protocol';
import { Alert, Button, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { useSession } from '../../../session/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { ADMIN_ROOT } from '../../admin/index.ts';
import { openCallsSocket } from '../calls-socket.ts';
import './calls-admin.css';

/** The admin video call page, where an operator answers a call of the queue. */
export const adminVideoCallPath = (callId: string) =>
  `${ADMIN_ROOT}/video-call?call=${encodeURIComponent(callId)}`;

/** While online: the calls waiting for an operator, as the server pushes them. */
function useOperatorQueue(online: boolean, token: string | null) {
  const [calls, setCalls] = useState<IncomingCall[] | null>(null);
  useEffect(() => {
    if (!online || !token) return undefined;
    let closed = false;
    let close = () => undefined as void;
    void openCallsSocket(CALL_OPERATORS_NAMESPACE, { token }).then((socket) => {
      if (closed) return socket.disconnect();
      socket.on('queue', ({ calls: queue }: { calls: IncomingCall[] }) => setCalls(queue));
      close = () => void socket.disconnect();
    });
    return () => {
      closed = true;
      close();
      setCalls(null);
    };
  }, [online, token]);
  return calls;
}

/** /bme_admin/system-calls: operators go online as system volunteers and see the calls no volunteer took. */
export function SystemCallsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const [, navigate] = useLocation();
  const token = useSession((s) => s.adminToken);
  const [online, setOnline] = useState(false);
  const calls = useOperatorQueue(online, token);

  // a new call in the queue is said, not only shown
  const waiting = calls?.length ?? 0;
  useEffect(() => {
    if (waiting > 0) announce(t('calls.system.queue') + `：${waiting}`, { assertive: true });
  }, [waiting, t]);

  return (
    <>
      <p>{t('calls.system.intro')}</p>
      <label className="system-calls__online">
        <Switch checked={online} onChange={setOnline} /> {t('calls.system.online')}
      </label>
      {online ? (
        <section aria-labelledby="call-queue-heading">
          <h2 id="call-queue-heading">{t('calls.system.queue')}</h2>
          {calls === null ? (
            <p>{t('calls.system.connecting')}</p>
          ) : calls.length === 0 ? (
            <Alert type="info" title={t('calls.system.empty')} />
          ) : (
            <ul className="call-queue">
              {calls.map((call) => (
                <li key={call.callId}>
                  <Button
                    type="primary"
                    size="large"
                    onClick={() => navigate(adminVideoCallPath(call.callId))}
                  >
                    {call.seekerName
                      ? t('calls.system.answer', { name: call.seekerName })
                      : t('calls.system.answerNoName')}
                  </Button>
                  {call.context ? <span>{call.context.description}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
