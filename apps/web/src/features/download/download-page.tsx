import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentDeviceOs, platform } from '../../platform/index.ts';
import { announce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { Changelog } from './changelog.tsx';
import { copyDownloadLink, downloadApk, type Outcome } from './download-actions.ts';
import { FALLBACK_LATEST, loadLatest, loadReleaseNotes, useLoaded } from './latest-version.ts';
import { QrCode } from './qr-code.tsx';
import './download.css';

/** Spec §2: the QR code of the Android link on desktop is 140 px. */
const QR_SIZE = 140;

const loadAndroid = () => loadLatest('android');
const loadIos = () => loadLatest('ios');

/**
 * /download (spec §2): the app for the visitor's device. Android: a download button (in the native
 * app it copies the link); iOS: the App Store link; a desktop: both, and a QR code of the Android
 * link to scan with the phone. Below, the release notes. Every failure is said on the page (a live
 * alert) in the words of spec §8.
 */
export function DownloadPage() {
  const { t } = useTranslation();
  const os = currentDeviceOs();
  const native = platform.isNative();
  const android = useLoaded(loadAndroid) ?? FALLBACK_LATEST;
  const ios = useLoaded(loadIos) ?? FALLBACK_LATEST;
  const notes = useLoaded(loadReleaseNotes);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const say = useCallback(
    (result: Outcome) => {
      setOutcome(result);
      // a failure is shown in the page's alert (role=alert reads it); a success is said politely
      if (result.ok) announce(t(result.key, result.values));
    },
    [t],
  );

  const onAndroid = async () => {
    setOutcome(null);
    say(native ? await copyDownloadLink(android.download_url) : await downloadApk(android.download_url));
  };
  const onIos = (event: React.MouseEvent) => {
    if (ios.download_url) return;
    event.preventDefault();
    say({ ok: false, key: 'download.errors.invalidAddress' });
  };

  return (
    <Page title={t('pages.download')} className="download">
      <p>{t('download.intro')}</p>
      <p role="alert" className="download__alert">
        {outcome && !outcome.ok ? t(outcome.key, outcome.values) : ''}
      </p>
      <div className="download__platforms">
        {os !== 'ios' && (
          <section className="download__platform" aria-labelledby="download-android">
            <h2 id="download-android">{t('download.android.heading')}</h2>
            <p>{t('download.android.version', { name: android.version_name, code: android.version_code })}</p>
            <button type="button" className="button button--primary button--large" onClick={onAndroid}>
              {native ? t('download.android.copyLink') : t('download.android.download')}
            </button>
            {os === 'desktop' && android.download_url && (
              <figure className="download__qr">
                <QrCode
                  value={android.download_url}
                  size={QR_SIZE}
                  label={t('download.android.qrLabel', { url: android.download_url })}
                />
                <figcaption>{t('download.android.qrHint')}</figcaption>
              </figure>
            )}
          </section>
        )}
        {os !== 'android' && (
          <section className="download__platform" aria-labelledby="download-ios">
            <h2 id="download-ios">{t('download.ios.heading')}</h2>
            <a
              className="button button--secondary button--large"
              href={ios.download_url || '#'}
              rel="noopener noreferrer"
              onClick={onIos}
            >
              {t('download.ios.appStore')}
            </a>
          </section>
        )}
      </div>
      <section aria-labelledby="download-changelog">
        <h2 id="download-changelog">{t('download.changelog.heading')}</h2>
        <Changelog markdown={notes} />
      </section>
    </Page>
  );
}
