import { DEFAULT_VERSION, RELEASE_NOTES_PATH, type AndroidLatest } from '@sfm/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/http-client.ts';

/**
 * The built-in defaults when no version is published or the server does not answer (spec §7):
 * spec §9's default version, 1.0.0 with version code 1, as the server's own answer when nothing is
 * published. The fallback build number 100 is the running web build's (app-distribution.ts), not a
 * published version's.
 */
const FALLBACK_LATEST: Readonly<AndroidLatest> = {
  download_url: '',
  version_name: DEFAULT_VERSION.name,
  version_code: DEFAULT_VERSION.code,
  update_desc: '',
};

export type LatestPlatform = 'android' | 'ios';

/**
 * A platform's newest published version; the built-in defaults on any failure or non-200 answer
 * (spec §7). A download address that is a path on this server (an uploaded APK) is made absolute,
 * so it can be copied, shared or put in a QR code.
 */
export async function loadLatest(which: LatestPlatform): Promise<AndroidLatest> {
  try {
    const answer = await api.call(which === 'android' ? 'androidLatest' : 'iosLatest');
    if (!answer.ok) return FALLBACK_LATEST;
    const url = answer.data.download_url;
    return { ...answer.data, download_url: url && new URL(url, window.location.origin).href };
  } catch {
    return FALLBACK_LATEST;
  }
}

/** The release-note markdown file, or null when it cannot be loaded (none published, offline). */
export async function loadReleaseNotes(): Promise<string | null> {
  try {
    const response = await fetch(RELEASE_NOTES_PATH, { headers: { accept: 'text/markdown' } });
    if (!response.ok) return null;
    const text = await response.text();
    return text.trim() ? text : null;
  } catch {
    return null;
  }
}

/** Something loaded once for a component: undefined while on its way. */
export function useLoaded<T>(load: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    void load().then((loaded) => {
      if (live) setValue(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}
