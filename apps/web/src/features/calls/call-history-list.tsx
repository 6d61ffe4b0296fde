import type { CallHistory } from '@sfm/protocol/calls';
import { useTranslation } from 'react-i18next';
import { CALLS_NS } from '../../i18n/calls/index.ts';

/** The calls a volunteer helped with (and made), newest first, with the count of calls helped. */
export function CallHistoryList({ history }: { history: CallHistory | null }) {
  const { t, i18n } = useTranslation(CALLS_NS);
  if (!history) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section aria-labelledby="call-history-heading">
      <h2 id="call-history-heading">{t('volunteer.history')}</h2>
      <p data-helped-count={history.helpedCount}>
        {t('volunteer.helpedCount', { count: history.helpedCount })}
      </p>
      {history.calls.length === 0 ? (
        <p>{t('volunteer.noHistory')}</p>
      ) : (
        <ul className="call-history">
          {history.calls.map((call) => (
            <li key={call.id}>
              {t('record.line', {
                role: t(`record.${call.role}`),
                peer: call.peerName || '—',
                status:
                  call.durationSeconds !== null
                    ? `${t(`record.status.${call.status}`)} ${t('record.duration', { seconds: call.durationSeconds })}`
                    : t(`record.status.${call.status}`),
                time: time.format(new Date(call.createdAt)),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
