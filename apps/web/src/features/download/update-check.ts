import type { AndroidLatest, Platform, VersionCheckResult } from '@sfm/protocol';
import { create } from 'zustand';
import { api } from '../../api/http-client.ts';
import { installedBuild, platform } from '../../platform/index.ts';
import { loadLatest } from './latest-version.ts';

/** A native update to offer: the store (iOS) or the copied download link (Android). */
export interface UpdateOffer {
  platform: 'android' | 'ios';
  versionName: string;
  notes: string;
  /** Forced: the dialog has no "later", and closing it shows it again until it is accepted. */
  forced: boolean;
  /** Absolute; empty when the server has none (the dialog then says the address is invalid). */
  downloadUrl: string;
}

/** The update dialog's state: the offer on screen, if any. */
export const useUpdateOffer = create<{ offer: UpdateOffer | null }>()(() => ({ offer: null }));

export interface UpdateCheckDeps {
  platformName(): Platform;
  installedBuild(): Promise<number>;
  /** GET /api/version/check; throws or answers null when it failed. */
  check(platform: Platform, current: number): Promise<VersionCheckResult | null>;
  latest(which: 'android' | 'ios'): Promise<AndroidLatest>;
  /** The web's update: the new build is fetched and the page reloads 1 s later (app/service-worker.ts). */
  updateWeb(versionName: string): void;
  offer(offer: UpdateOffer): void;
}

const appDeps = (updateWeb: (versionName: string) => void): UpdateCheckDeps => ({
  platformName: () => platform.name(),
  installedBuild,
  check: async (name, current) => {
    const answer = await api.call('versionCheck', { platform: name, current: String(current) });
    return answer.ok ? answer.data : null;
  },
  latest: loadLatest,
  updateWeb,
  offer: (offer) => useUpdateOffer.setState({ offer }),
});

/**
 * The update check at app start (spec §4): the running build is compared with the published ones.
 * The web updates itself silently (reload after 1 s); iOS asks and opens the App Store; Android
 * offers to copy the download link, again and again for a forced update. A failed check is only
 * logged (spec §8: "check update failed").
 */
export async function checkForUpdate(deps: UpdateCheckDeps): Promise<void> {
  try {
    const name = deps.platformName();
    const result = await deps.check(name, await deps.installedBuild());
    if (!result) throw new Error('no answer');
    if (!result.hasUpdate) return;
    if (name === 'h5') return deps.updateWeb(result.version_name);
    const latest = await deps.latest(name);
    deps.offer({
      platform: name,
      versionName: result.version_name,
      notes: result.update_desc,
      forced: result.update_type === 'force',
      downloadUrl: latest.download_url,
    });
  } catch (error) {
    console.warn('check update failed', error);
  }
}

/** The app's update check, with the app's web update (the service worker's reload). */
export const startUpdateCheck = (updateWeb: (versionName: string) => void): Promise<void> =>
  checkForUpdate(appDeps(updateWeb));
