import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_NS } from '../../i18n/download/index.ts';
import { currentDeviceOs, platform } from '../../platform/index.ts';
import { announce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { Changelog } from './changelog.tsx';
import { copyDownloadLink, downloadApk, type Outcome } from './download-actions.ts';
import { loadLatest, loadReleaseNotes, useLoaded } from './latest-version.ts';
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
  const { t } = useTranslation(DOWNLOAD_NS);
  const os = currentDeviceOs();
  const native = platform.isNative();
  // undefined while asking; a version without a download address is one not published yet
  const android = useLoaded(loadAndroid);
  const ios = useLoaded(loadIos);
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

  const onAndroid = async (url: string) => {
    setOutcome(null);
    say(native ? await copyDownloadLink(url) : await downloadApk(url));
  };

  return (
    <Page title={t('pages.download')} className="download">
      <p>{t('intro')}</p>
      <p role="alert" className="download__alert">
        {outcome && !outcome.ok ? t(outcome.key, outcome.values) : ''}
      </p>
      <div className="download__platforms">
        {os !== 'ios' && (
          <section className="download__platform" aria-labelledby="download-android">
            <h2 id="download-android">{t('android.heading')}</h2>
            {!android ? (
              <p>{t('checking')}</p>
            ) : !android.download_url ? (
              <p>{t('android.none')}</p>
            ) : (
              <>
                <p>{t('android.version', { name: android.version_name, code: android.version_code })}</p>
                <button
                  type="button"
                  className="button button--primary button--large"
                  onClick={() => void onAndroid(android.download_url)}
                >
                  {native ? t('android.copyLink') : t('android.download')}
                </button>
                {os === 'desktop' && (
                  <figure className="download__qr">
                    <QrCode
                      value={android.download_url}
                      size={QR_SIZE}
                      label={t('android.qrLabel', { url: android.download_url })}
                    />
                    <figcaption>{t('android.qrHint')}</figcaption>
                  </figure>
                )}
              </>
            )}
          </section>
        )}
        {os !== 'android' && (
          <section className="download__platform" aria-labelledby="download-ios">
            <h2 id="download-ios">{t('ios.heading')}</h2>
            {!ios ? (
              <p>{t('checking')}</p>
            ) : ios.download_url ? (
              <a
                className="button button--secondary button--large"
                href={ios.download_url}
                rel="noopener noreferrer"
              >
                {t('ios.appStore')}
              </a>
            ) : (
              <p>{t('ios.none')}</p>
            )}
          </section>
        )}
      </div>
      <section aria-labelledby="download-changelog">
        <h2 id="download-changelog">{t('changelog.heading')}</h2>
        <Changelog markdown={notes} />
      </section>
    </Page>
  );
}
