import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_NS } from '../../i18n/download/index.ts';
import { openExternal } from '../../platform/index.ts';
import { announce } from '../../ui/announcer.tsx';
import { Changelog } from './changelog.tsx';
import { copyDownloadLink, type Outcome } from './download-actions.ts';
import type { UpdateOffer } from './update-check.ts';
import './update-dialog.css';

export interface UpdateDialogProps {
  offer: UpdateOffer;
  onDone: () => void;
  /** Opens the App Store address; rejects when it could not (default: the platform's). */
  openStore?: (url: string) => Promise<void>;
}

/**
 * A modal <dialog>: iOS asks to go to the App Store, Android offers to copy the download link. A
 * forced update has no "later", and Esc (or anything else that closes the dialog) brings it back
 * until the user accepts. An App Store that does not open is said in the dialog's alert (spec §8's
 * update download failure), which stays open for another try.
 */
export function UpdateDialog({ offer, onDone, openStore = openExternal }: UpdateDialogProps) {
  const { t } = useTranslation(DOWNLOAD_NS);
  const ref = useRef<HTMLDialogElement>(null);
  const accepted = useRef(false);
  const [failure, setFailure] = useState<Outcome | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      if (offer.forced && !accepted.current && dialog.isConnected) dialog.showModal();
      else onDone();
    };
    dialog.addEventListener('close', onClose);
    if (!dialog.open) dialog.showModal();
    return () => dialog.removeEventListener('close', onClose);
  }, [offer, onDone]);

  const accept = async () => {
    setFailure(null);
    if (!offer.downloadUrl) return setFailure({ ok: false, key: 'errors.invalidAddress' });
    if (offer.platform === 'ios') {
      try {
        await openStore(offer.downloadUrl);
      } catch (error) {
        console.warn('App Store did not open', error);
        return setFailure({ ok: false, key: 'errors.updateDownloadFailed' });
      }
      accepted.current = true;
      ref.current?.close();
      return;
    }
    const copied = await copyDownloadLink(offer.downloadUrl);
    if (!copied.ok) return setFailure(copied);
    accepted.current = true;
    ref.current?.close();
    announce(t(copied.key));
  };

  return (
    <dialog ref={ref} className="update-dialog" aria-labelledby="update-title" aria-describedby="update-ask">
      <h2 id="update-title">{t('update.title', { name: offer.versionName })}</h2>
      {offer.forced ? <p>{t('update.forced')}</p> : null}
      <p id="update-ask">{t(offer.platform === 'ios' ? 'update.iosAsk' : 'update.androidAsk')}</p>
      {offer.notes.trim() ? (
        <section aria-label={t('update.notes')} className="update-dialog__notes">
          <Changelog markdown={offer.notes} />
        </section>
      ) : null}
      <p role="alert" className="update-dialog__alert">
        {failure ? t(failure.key, failure.values) : ''}
      </p>
      <div className="update-dialog__actions">
        <button type="button" className="button button--primary button--block" onClick={() => void accept()}>
          {t(offer.platform === 'ios' ? 'update.goToStore' : 'update.copyLink')}
        </button>
        {offer.forced ? null : (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => ref.current?.close()}
          >
            {t('update.later')}
          </button>
        )}
      </div>
    </dialog>
  );
}
