import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyDownloadLink, downloadApk } from './download-actions.ts';

const URL_ = 'https://example.test/api/version/apk/1/see-for-me-1.2.0.apk';

afterEach(() => vi.unstubAllGlobals());

describe('download page actions (spec §8)', () => {
  it('refuses an empty address as invalid, for copying and downloading alike', async () => {
    expect(await copyDownloadLink('')).toEqual({ ok: false, key: 'errors.invalidAddress' });
    expect(await downloadApk('')).toEqual({ ok: false, key: 'errors.invalidAddress' });
  });

  it('copies the link, or shows it to copy by hand when the clipboard refuses', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(await copyDownloadLink(URL_)).toEqual({ ok: true, key: 'android.copied' });
    expect(writeText).toHaveBeenCalledWith(URL_);
    writeText.mockRejectedValueOnce(new Error('NotAllowedError'));
    expect(await copyDownloadLink(URL_)).toEqual({
      ok: false,
      key: 'errors.copyFailed',
      values: { url: URL_ },
    });
  });

  it('says the download failed when the file is not there, and opens the link when it cannot ask', async () => {
    const missing = vi.fn(async () => new Response(null, { status: 404 }));
    expect(await downloadApk(URL_, missing)).toEqual({ ok: false, key: 'errors.downloadFailed' });
    expect(missing).toHaveBeenCalledWith(URL_, { method: 'HEAD' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const unreachable = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await downloadApk(URL_, unreachable)).toEqual({ ok: true, key: 'android.downloading' });
    expect(open).toHaveBeenCalledWith(URL_, '_blank', 'noopener');
  });

  it('lets the browser save a file that is there', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const there = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await downloadApk(URL_, there)).toEqual({ ok: true, key: 'android.downloading' });
    expect(click).toHaveBeenCalledOnce();
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
