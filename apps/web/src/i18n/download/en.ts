import type { Texts } from '../texts.ts';
import type { downloadZhCN } from './zh-CN.ts';

export const downloadEn: Texts<typeof downloadZhCN> = {
  intro: 'Choose the version for your phone.',
  android: {
    heading: 'Android',
    version: 'Version {{name}} (build {{code}})',
    download: 'Download for Android',
    copyLink: 'Copy the download link',
    copied: 'Download link copied: open it in a browser to download',
    qrLabel: 'QR code of the Android download; scan it with a phone to download: {{url}}',
    qrHint: 'Scan the QR code with an Android phone to download',
    downloading: 'Android download started',
    none: 'The Android app has not been released yet; once it is, it can be downloaded here.',
  },
  ios: {
    heading: 'iOS',
    appStore: 'Download on the App Store',
    none: 'The iOS app is not on the App Store yet.',
  },
  checking: 'Checking for the latest version…',
  changelog: {
    heading: 'Release notes',
    loading: 'Loading the release notes…',
    empty: 'No update notes yet',
  },
  errors: {
    invalidAddress: 'The download address is invalid',
    copyFailed: 'Copy failed. Please copy the download link by hand: {{url}}',
    downloadFailed: 'Download failed, please retry later',
    updateDownloadFailed: 'Download update failed, please retry later or visit the address manually',
  },
  update: {
    title: 'New version {{name}}',
    forced: 'This version is no longer supported. Please update to go on.',
    notes: 'What is new',
    iosAsk: 'Go to the App Store to update?',
    androidAsk: 'Copy the download link and open it in a browser to download the new version.',
    goToStore: 'Go to the App Store',
    copyLink: 'Copy the download link',
    later: 'Later',
  },
};
