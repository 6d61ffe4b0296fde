import type { Capabilities } from '@sfm/protocol';
import { api } from '../../../api/http-client.ts';

let cached: Capabilities | null = null;
let loading: Promise<Capabilities | null> | null = null;

/** GET /api/capabilities, once per page load (null when the server cannot say). */
export function loadCapabilities(force = false): Promise<Capabilities | null> {
  if (cached && !force) return Promise.resolve(cached);
  loading ??= api
    .call('capabilities')
    .then((answer) => {
      if (answer.ok) cached = answer.data;
      return answer.ok ? answer.data : null;
    })
    .catch(() => null)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** What is known so far (null before the first answer). */
export function knownCapabilities(): Capabilities | null {
  return cached;
}
