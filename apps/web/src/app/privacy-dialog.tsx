import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { readSpeakWithScreenReader, writeSpeakWithScreenReader } from '../features/speech/index.ts';
import { selectLoggedIn, useSession } from '../session/index.ts';
import { platform } from '../platform/index.ts';
import { focusPageHeading } from '../ui/page.tsx';
import { routes } from '../ui/routes.ts';
import { lookup } from './features.ts';

/** How long we wait for window.close() to take effect before saying it did not. */
const CLOSE_CHECK_DELAY_MS = 300;

/** The privacy policy's consent (privacy-gate.tsx decides when), with the screen-reader question. */
export function PrivacyDialog() {
  const { t } = useTranslation();
  const [pathname, navigate] = useLocation();
  const loggedIn = useSession(selectLoggedIn);
  const acceptPrivacy = useSession((s) => s.acceptPrivacy);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [closeMessage, setCloseMessage] = useState('');
  // asked here because every web user passes here once, before anything is spoken twice
  const [screenReader, setScreenReader] = useState(readSpeakWithScreenReader);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // consent must be explicit: Esc never dismisses (Chrome 134+ honours closedby, older ones the cancel handler)
    dialog.setAttribute('closedby', 'none');
    const onCancel = (event: Event) => event.preventDefault();
    // Chrome lets a repeated Esc skip "cancel": if the dialog got closed anyway, open it again
    const onClose = () => {
      if (dialog.isConnected && !useSession.getState().privacyAccepted) dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    if (!dialog.open) dialog.showModal();
    headingRef.current?.focus();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
    };
  }, []);

  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onAccept = () => {
    // a choice only when it changes what the app would do (a native default keeps following the platform)
    if (screenReader !== readSpeakWithScreenReader()) writeSpeakWithScreenReader(screenReader);
    acceptPrivacy();
    // Closing the modal by unmounting it drops focus on <body>: close it first, then the page is no
    // longer inert and its heading can take focus (a navigation to /login moves it on from there).
    dialogRef.current?.close();
    focusPageHeading();
    // the admin back office has a sign-in of its own
    if (!loggedIn && pathname !== routes.login && lookup(pathname).area?.access !== 'admin')
      navigate(routes.login);
  };

  const onDecline = () => {
    setCloseMessage('');
    // an iPhone app may not close itself: say what declining means instead
    if (platform.isNative()) return setCloseMessage(t('privacyGate.declinedInApp'));
    platform.closeWindow();
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      if (platform.isWindowOpen()) setCloseMessage(t('privacyGate.closeBlocked'));
    }, CLOSE_CHECK_DELAY_MS);
  };

  return (
    <dialog
      ref={dialogRef}
      className="privacy-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="privacy-dialog__title">
        {t('privacyGate.title')}
      </h2>
      <p id={textId}>{t('privacyGate.text')}</p>
      <label className="check">
        <input
          type="checkbox"
          className="check__box"
          checked={screenReader}
          onChange={(e) => setScreenReader(e.target.checked)}
        />
        <span>{t('privacyGate.screenReader')}</span>
      </label>
      <div className="privacy-dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => navigate(routes.privacy)}>
          {t('privacyGate.viewFull')}
        </button>
        <button type="button" className="button button--primary" onClick={onAccept}>
          {t('privacyGate.accept')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDecline}>
          {t('privacyGate.decline')}
        </button>
      </div>
      {/* inside the dialog: everything outside a modal dialog is inert, its live regions too */}
      <p role="alert" className="privacy-dialog__message">
        {closeMessage}
      </p>
    </dialog>
  );
}
