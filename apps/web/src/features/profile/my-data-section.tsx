import { DELETE_ACCOUNT_CONFIRMATION } from '@sfm/protocol/account';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { useSession } from '../../session/index.ts';
import { useLeaveAccount } from './leave-account.ts';
import { PROFILE_NS } from '../../i18n/profile/index.ts';

/** Saves `data` as a JSON file through a temporary link (the browser's download). */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The deletion's steps: asked, asked again (a deletion is never one stray tap), sending. */
type DeleteStep = 'idle' | 'first' | 'second' | 'sending';

/** "Download my data" and "delete my account" (the personal-information law's rights). */
export function MyDataSection() {
  const { t } = useTranslation(PROFILE_NS);
  const announce = useAnnounce();
  const leave = useLeaveAccount();
  const clearSession = useSession((s) => s.clearSession);
  const [exporting, setExporting] = useState(false);
  const [step, setStep] = useState<DeleteStep>('idle');
  const question = useRef<HTMLParagraphElement>(null);
  const id = useId();

  // each question takes focus, so a screen reader reads it before its buttons
  useEffect(() => {
    if (step === 'first' || step === 'second') question.current?.focus();
  }, [step]);

  const onExport = async () => {
    setExporting(true);
    announce(t('account.exporting'));
    const answer = await api.call('exportMyData').catch(() => null);
    setExporting(false);
    if (!answer?.ok) return announce(t('account.exportFailed'), { assertive: true });
    saveJson(answer.data, `see-for-me-data-${answer.data.exportedAt.slice(0, 10)}.json`);
    announce(t('account.exported'));
  };

  const onDelete = async () => {
    setStep('sending');
    const answer = await api
      .call('deleteMyAccount', { confirm: DELETE_ACCOUNT_CONFIRMATION })
      .catch(() => null);
    if (!answer?.ok) {
      setStep('idle');
      return announce(t('account.deleteFailed'), { assertive: true });
    }
    leave(clearSession, t('account.deleted'));
  };

  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t('account.dataTitle')}</h2>
      <p>{t('account.dataIntro')}</p>
      <p>
        <button
          type="button"
          className="button button--secondary button--block"
          aria-disabled={exporting || undefined}
          onClick={() => !exporting && void onExport()}
        >
          {t('account.exportData')}
        </button>
      </p>
      {step === 'idle' ? (
        <button
          type="button"
          className="button button--danger button--block"
          onClick={() => setStep('first')}
        >
          {t('account.deleteAccount')}
        </button>
      ) : (
        <div role="group" aria-label={t('account.deleteAccount')}>
          <p ref={question} tabIndex={-1}>
            {step === 'first' ? t('account.deleteFirst') : t('account.deleteSecond')}
          </p>
          <p>
            <button
              type="button"
              className="button button--danger button--block"
              aria-disabled={step === 'sending' || undefined}
              onClick={() => (step === 'first' ? setStep('second') : step === 'second' && void onDelete())}
            >
              {step === 'first' ? t('account.deleteConfirm') : t('account.deleteConfirmFinal')}
            </button>
          </p>
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => setStep('idle')}
          >
            {t('account.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}
