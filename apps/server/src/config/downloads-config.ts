/** The app downloads: the largest APK an admin may upload, and where each app is found before one is. */
import { z } from 'zod';
import { configSlice, type DocsOf, positiveInt } from './config-slice.ts';

/** An APK of the app is tens of megabytes; 200 MB leaves room for one with the embedded models. */
const APK_MAX_BYTES_DEFAULT = 200 * 1024 * 1024;

export interface DownloadsConfig {
  /** The largest APK upload (the versions page). */
  apkMaxBytes: number;
  /** Where each app is downloaded before a version of it is published (spec §7 defaults). */
  defaultDownloads: { android: string | undefined; ios: string | undefined };
}

const webUrl = z.url({ protocol: /^https?$/ });

const DownloadsEnv = z.object({
  APK_MAX_BYTES: positiveInt.default(APK_MAX_BYTES_DEFAULT),
  ANDROID_DOWNLOAD_URL: webUrl.optional(),
  IOS_APP_STORE_URL: webUrl.optional(),
});

export const downloadsConfig = configSlice({
  schema: DownloadsEnv,
  docs: {
    APK_MAX_BYTES: [
      String(APK_MAX_BYTES_DEFAULT),
      'Largest APK an admin may upload on the versions page (kept in the image store: `DATA_DIR/images/apks` or S3).',
    ],
    ANDROID_DOWNLOAD_URL: [
      '(unset)',
      "Where the Android app is downloaded before any version is published on the versions page: `/download` then offers it as version 1.0.0 (build 1), the spec's defaults. Unset, the page says no Android version is out yet.",
    ],
    IOS_APP_STORE_URL: [
      '(unset)',
      "The app's App Store page before any iOS version is published. Unset, `/download` says the iOS app is not on the App Store yet.",
    ],
  } satisfies DocsOf<typeof DownloadsEnv>,
  read: (e): DownloadsConfig => ({
    apkMaxBytes: e.APK_MAX_BYTES,
    defaultDownloads: { android: e.ANDROID_DOWNLOAD_URL, ios: e.IOS_APP_STORE_URL },
  }),
});
