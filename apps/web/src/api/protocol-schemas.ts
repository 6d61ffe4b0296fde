import type * as Protocol from '@sfm/protocol';
import type { Endpoints } from '@sfm/protocol';

/**
 * The protocol package's core and every endpoint of the user app by name (each feature's table,
 * gathered by @sfm/protocol/gathered): its zod schemas (and zod itself, 25 KB gzip) are not in the
 * first download.
 */
export type ProtocolSchemas = Omit<typeof Protocol, 'endpoints'> & { endpoints: Endpoints };

let loaded: ProtocolSchemas | null = null;
let loading: Promise<ProtocolSchemas> | null = null;

/**
 * Loads the protocol's schemas once, when the first answer needs checking (an API answer, a speech
 * socket's event); a failed download may be tried again by the next caller.
 */
export function loadProtocolSchemas(): Promise<ProtocolSchemas> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= Promise.all([import('@sfm/protocol'), import('@sfm/protocol/gathered')]).then(
    ([core, { endpoints }]) => (loaded = { ...core, endpoints }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const isProtocolLoaded = () => loaded !== null;

/** The schemas once loadProtocolSchemas() has resolved: for handlers that run only after it. */
export function protocolSchemas(): ProtocolSchemas {
  if (!loaded) throw new Error('protocol schemas not loaded yet: await loadProtocolSchemas() first');
  return loaded;
}
