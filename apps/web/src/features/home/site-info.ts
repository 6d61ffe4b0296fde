import type { SiteInfo } from '@sfm/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/http-client.ts';

let known: SiteInfo | null = null;

/** GET /api/site, kept for the page load once answered; null while unknown or unreachable. */
async function loadSiteInfo(): Promise<SiteInfo | null> {
  if (known) return known;
  try {
    const answer = await api.call('siteInfo');
    if (answer.ok) known = answer.data;
  } catch {
    // offline: the footer simply stays without the filing; the next visit asks again
  }
  return known;
}

/** The site's public details for a component; null until they arrive. */
export function useSiteInfo(): SiteInfo | null {
  const [info, setInfo] = useState(known);
  useEffect(() => {
    let live = true;
    void loadSiteInfo().then((answer) => {
      if (live) setInfo(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return info;
}

/** Test-only: forget the answer of an earlier test. */
export function resetSiteInfo(): void {
  known = null;
}
