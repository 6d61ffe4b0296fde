import type { Platform, VersionCheckResult } from '@sfm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { checkForUpdate, type UpdateCheckDeps } from './update-check.ts';

const STORE = 'https://apps.apple.com/app/id1';
const APK = 'https://example.test/api/version/apk/1/see-for-me-2.0.0.apk';

function deps(platform: Platform, answer: VersionCheckResult | null | Error) {
  return {
    platformName: () => platform,
    installedBuild: vi.fn(async () => 100),
    check: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    latest: vi.fn(async (which: 'android' | 'ios') => ({
      download_url: which === 'ios' ? STORE : APK,
      version_name: '2.0.0',
      version_code: 200,
      update_desc: '',
    })),
    updateWeb: vi.fn(),
    offer: vi.fn(),
  } satisfies UpdateCheckDeps;
}

const update = (type: VersionCheckResult['update_type']): VersionCheckResult => ({
  hasUpdate: true,
  update_type: type,
  version_name: '2.0.0',
  update_desc: '- faster',
});

describe('the update check at app start', () => {
  it('sends the running build of its platform', async () => {
    const d = deps('android', { ...update('optional'), hasUpdate: false });
    await checkForUpdate(d);
    expect(d.check).toHaveBeenCalledWith('android', 100);
    expect(d.offer).not.toHaveBeenCalled();
  });

  it('updates the web silently (the reload is the service worker’s)', async () => {
    const d = deps('h5', update('silent'));
    await checkForUpdate(d);
    expect(d.updateWeb).toHaveBeenCalledWith('2.0.0');
    expect(d.offer).not.toHaveBeenCalled();
  });

  it('offers iOS the App Store, and Android its download link, forced when the server says so', async () => {
    const ios = deps('ios', update('optional'));
    await checkForUpdate(ios);
    expect(ios.offer).toHaveBeenCalledWith({
      platform: 'ios',
      versionName: '2.0.0',
      notes: '- faster',
      forced: false,
      downloadUrl: STORE,
    });
    const android = deps('android', update('force'));
    await checkForUpdate(android);
    expect(android.offer).toHaveBeenCalledWith(
      expect.objectContaining({ platform: 'android', forced: true, downloadUrl: APK }),
    );
    expect(android.updateWeb).not.toHaveBeenCalled();
  });

  it('only logs a check that failed (spec §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const failure of [new Error('offline'), null]) {
      const d = deps('android', failure);
      await expect(checkForUpdate(d)).resolves.toBeUndefined();
      expect(d.offer).not.toHaveBeenCalled();
    }
    expect(warn).toHaveBeenCalledWith('check update failed', expect.any(Error));
    warn.mockRestore();
  });
});
