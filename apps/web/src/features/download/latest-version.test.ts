import { describe, expect, it } from 'vitest';
import { fail, json, mockFetch, ok } from '../../../test/test-utils.tsx';
import { loadLatest } from './latest-version.ts';

/** Spec §9's default version: what the app holds when no version is published. */
const DEFAULTS = { download_url: '', version_name: '1.0.0', version_code: 1, update_desc: '' };

describe('the newest published version (spec §7)', () => {
  it('is the default version 1.0.0, version code 1, when none is published (404)', async () => {
    const fetch = mockFetch(() => fail(404, 'errors.not_found'));
    expect(await loadLatest('android')).toEqual(DEFAULTS);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/version/android/latest');
    expect(await loadLatest('ios')).toEqual(DEFAULTS);
  });

  it('is the default version on a non-200 code or when the server cannot be reached', async () => {
    mockFetch(() => json({ code: 500, message: '服务器错误', data: null }));
    expect(await loadLatest('android')).toEqual(DEFAULTS);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadLatest('android')).toEqual(DEFAULTS);
  });

  it('is the published one, its uploaded APK made an absolute address', async () => {
    mockFetch(() =>
      ok({
        download_url: '/api/version/apk/7/see-for-me-2.1.0.apk',
        version_name: '2.1.0',
        version_code: 210,
        update_desc: '- faster',
      }),
    );
    expect(await loadLatest('android')).toEqual({
      download_url: `${window.location.origin}/api/version/apk/7/see-for-me-2.1.0.apk`,
      version_name: '2.1.0',
      version_code: 210,
      update_desc: '- faster',
    });
  });
});
