import { CALL_OPERATORS_NAMESPACE, type IncomingCall } from '@sfm/protocol/calls';
import { Alert, Button, Switch } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { CALLS_ADMIN_NS } from '../../../i18n/admin/calls/index.ts';
import { CALLS_NS } from '../../../i18n/calls/index.ts';
import { useSession } from '../../../session/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { ADMIN_ROOT } from '../../../back-office/index.ts';
import { openCallsSocket } from '../calls-socket.ts';
import './calls-admin.css';

/** The admin video call page, where an operator answers a call of the queue. */
export const adminVideoCallPath = (callId: string) =>
  `${ADMIN_ROOT}/video-call?call=${encodeURIComponent(callId)}`;

/** While online: the calls waiting for an operator, as the server pushes them. */
function useOperatorQueue(online: boolean, token: string | null, openSocket: typeof openCallsSocket) {
  const [calls, setCalls] = useState<IncomingCall[] | null>(null);
  useEffect(() => {
    if (!online || !token) return undefined;
    let closed = false;
    let close = () => undefined as void;
    void openSocket(CALL_OPERATORS_NAMESPACE, { token }).then((socket) => {
      if (closed) return socket.disconnect();
      socket.on('queue', ({ calls: queue }: { calls: IncomingCall[] }) => setCalls(queue));
      close = () => void socket.disconnect();
    });
    return () => {
      closed = true;
      close();
      setCalls(null);
    };
  }, [online, token, openSocket]);
  return calls;
}

/** How often the waiting times are brought up to date (they are read, not announced). */
const WAITING_REFRESH_MS = 15_000;

/** The time now, again every `everyMs`. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * One waiting call as an operator needs it before answering: who (nickname), in which language, for
 * how long, and what the AI saw when the caller shared it (its description and photo).
 */
function QueuedCall({ call, now, answer }: { call: IncomingCall; now: number; answer: ReactNode }) {
  const { t } = useTranslation(CALLS_ADMIN_NS);
  const waited = Math.max(0, Math.round((now - Date.parse(call.askedAt)) / 1000));
  const minutes = Math.floor(waited / 60);
  return (
    <li className="call-queue__item">
      <p className="call-queue__who">
        {t('system.caller', {
          name: call.seekerName || t('system.someone'),
          language: t(`language.${call.language}`, { ns: CALLS_NS }),
          waited: minutes
            ? t('system.waitedMinutes', { minutes, seconds: waited % 60 })
            : t('system.waitedSeconds', { seconds: waited }),
        })}
      </p>
      {call.context ? (
        <figure className="call-queue__context">
          {call.context.imageUrl ? (
            <img src={call.context.imageUrl} alt={t('system.sharedPhoto')} width={160} />
          ) : null}
          <figcaption>{t('system.sharedDescription', { text: call.context.description })}</figcaption>
        </figure>
      ) : null}
      {answer}
    </li>
  );
}

/** /bme_admin/system-calls: operators go online as system volunteers and see the calls no volunteer took. */
export function SystemCallsPage({ openSocket = openCallsSocket }: { openSocket?: typeof openCallsSocket }) {
  const { t } = useTranslation(CALLS_ADMIN_NS);
  const [, navigate] = useLocation();
  const token = useSession((s) => s.adminToken);
  const [online, setOnline] = useState(false);
  const calls = useOperatorQueue(online, token, openSocket);
  const now = useNow(WAITING_REFRESH_MS);

  // a new call in the queue is said, not only shown
  const waiting = calls?.length ?? 0;
  useEffect(() => {
    if (waiting > 0) announce(t('system.queue') + `：${waiting}`, { assertive: true });
  }, [waiting, t]);

  return (
    <>
      <p>{t('system.intro')}</p>
      <label className="system-calls__online">
        <Switch checked={online} onChange={setOnline} /> {t('system.online')}
      </label>
      {online ? (
        <section aria-labelledby="call-queue-heading">
          <h2 id="call-queue-heading">{t('system.queue')}</h2>
          {calls === null ? (
            <p>{t('system.connecting')}</p>
          ) : calls.length === 0 ? (
            <Alert type="info" title={t('system.empty')} />
          ) : (
            // the server sends the queue oldest first: the one waiting longest is answered first
            <ol className="call-queue">
              {calls.map((call) => (
                <QueuedCall
                  key={call.callId}
                  call={call}
                  now={now}
                  answer={
                    <Button
                      type="primary"
                      size="large"
                      onClick={() => navigate(adminVideoCallPath(call.callId))}
                    >
                      {call.seekerName
                        ? t('system.answer', { name: call.seekerName })
                        : t('system.answerNoName')}
                    </Button>
                  }
                />
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </>
  );
}
