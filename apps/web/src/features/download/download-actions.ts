import { copyText } from '../../platform/index.ts';

/** How an action ended, for the page to say: the key of a message (namespace `download`) and its values. */
export interface Outcome {
  ok: boolean;
  key: string;
  values?: Record<string, string>;
}

const invalidAddress: Outcome = { ok: false, key: 'errors.invalidAddress' };

/**
 * Copies the download link (the native app, spec §2); when the clipboard refuses, the page shows the
 * link itself so the user can copy it by hand (spec §8).
 */
export async function copyDownloadLink(url: string): Promise<Outcome> {
  if (!url) return invalidAddress;
  try {
    await copyText(url);
    return { ok: true, key: 'android.copied' };
  } catch {
    return { ok: false, key: 'errors.copyFailed', values: { url } };
  }
}

/**
 * Downloads the APK in the browser (spec §7: fetch the file, falling back to opening the link). It
 * asks for the file first, but only its headers: an answer that is no file says the download
 * failed; a file is then saved by the browser itself, which streams it to disk and shows its
 * progress (no 50 MB held in the page). When the address cannot be asked at all (another origin
 * without CORS), the link is opened instead.
 */
export async function downloadApk(url: string, fetcher: typeof fetch = fetch): Promise<Outcome> {
  if (!url) return invalidAddress;
  let response: Response;
  try {
    response = await fetcher(url, { method: 'HEAD' });
  } catch {
    window.open(url, '_blank', 'noopener');
    return { ok: true, key: 'android.downloading' };
  }
  if (!response.ok) return { ok: false, key: 'errors.downloadFailed' };
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  return { ok: true, key: 'android.downloading' };
}
