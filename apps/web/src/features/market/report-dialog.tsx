import { SCENE_REPORT_REASON_MAX, type MarketScene } from '@sfm/protocol/market';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../api/http-client.ts';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { marketApi } from './market-api.ts';
import { MarketDialog } from './market-dialog.tsx';

/** "Report this scene": a reason, sent to the back office's review list. */
export function ReportDialog({ scene, onClose }: { scene: MarketScene | null; onClose(): void }) {
  const { t } = useTranslation(MARKET_NS);
  const announce = useAnnounce();
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!scene) return;
    setSending(true);
    try {
      const answer = await marketApi.report(scene.id, reason);
      if (!answer.ok) {
        setError(answer.message);
        announce(answer.message, { assertive: true });
        return;
      }
      announce(t('report.sent'));
      close();
    } catch (err) {
      if (err instanceof NetworkError) setError(err.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <MarketDialog
      open={scene !== null}
      title={t('report.title', { name: scene?.name ?? '' })}
      onClose={close}
    >
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <div className="field">
          <label htmlFor={reasonId} className="field__label">
            {t('report.reason')}
          </label>
          <textarea
            id={reasonId}
            className="field__input"
            rows={3}
            value={reason}
            maxLength={SCENE_REPORT_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <p id={errorId} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="market__buttons">
          <button type="submit" className="button button--primary" disabled={sending}>
            {t('report.send')}
          </button>
          <button type="button" className="button button--secondary" onClick={close}>
            {t('report.cancel')}
          </button>
        </div>
      </form>
    </MarketDialog>
  );
}
