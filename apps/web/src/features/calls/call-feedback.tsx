import { type BodyOf } from '@sfm/protocol';
import { CALL_REPORT_REASONS, type CallReportReason } from '@sfm/protocol/calls';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS_NS } from '../../i18n/calls/index.ts';
import { api, NetworkError } from '../../api/http-client.ts';
import { announce } from '../../ui/announcer.tsx';

/** After a call: rate it (helpful or not), and report the other member with a reason, maybe blocking them. */
export function CallFeedback({ callId }: { callId: string }) {
  const { t } = useTranslation(CALLS_NS);
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [reason, setReason] = useState<CallReportReason>('inappropriate');
  const [note, setNote] = useState('');
  const [block, setBlock] = useState(false);
  const [done, setDone] = useState('');
  const [alertText, setAlertText] = useState('');

  const send = async (body: BodyOf<'callFeedback'>, success: string) => {
    setAlertText('');
    try {
      const answer = await api.call('callFeedback', body);
      if (!answer.ok) {
        setAlertText(answer.message);
        return false;
      }
      setDone(success);
      announce(success);
      return true;
    } catch (error) {
      setAlertText(error instanceof NetworkError ? error.message : t('feedback.failed'));
      return false;
    }
  };

  const rate = async (value: boolean) => {
    if (await send({ callId, helpful: value }, t('feedback.thanks'))) setHelpful(value);
  };
  const report = async (event: FormEvent) => {
    event.preventDefault();
    await send({ callId, helpful, report: { reason, note }, block }, t('feedback.reported'));
  };

  return (
    <section className="call-feedback card" aria-labelledby="call-feedback-heading">
      <h2 id="call-feedback-heading">{t('feedback.heading')}</h2>
      <div className="call-feedback__rating">
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={helpful === true}
          onClick={() => void rate(true)}
        >
          {t('feedback.helpful')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={helpful === false}
          onClick={() => void rate(false)}
        >
          {t('feedback.notHelpful')}
        </button>
      </div>
      <details className="call-feedback__report">
        <summary className="call-feedback__summary">{t('feedback.report')}</summary>
        <form className="form" onSubmit={(e) => void report(e)}>
          <div className="field">
            <label className="field__label" htmlFor="call-report-reason">
              {t('feedback.reason')}
            </label>
            <select
              id="call-report-reason"
              className="field__input"
              value={reason}
              onChange={(e) => setReason(e.target.value as CallReportReason)}
            >
              {CALL_REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`feedback.reasons.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="call-report-note">
              {t('feedback.note')}
            </label>
            <textarea
              id="call-report-note"
              className="field__input"
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <label className="check">
            <input
              type="checkbox"
              className="check__box"
              checked={block}
              onChange={(e) => setBlock(e.target.checked)}
            />
            {t('feedback.block')}
          </label>
          <button type="submit" className="button button--danger">
            {t('feedback.submitReport')}
          </button>
        </form>
      </details>
      <p className="call-feedback__done">{done}</p>
      <div role="alert" className="form__alert">
        {alertText}
      </div>
    </section>
  );
}
