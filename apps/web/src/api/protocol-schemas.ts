import type * as Protocol from '@sfm/protocol';

/** The protocol package: its zod schemas (and zod itself, 25 KB gzip) are not in the first download. */
export type ProtocolSchemas = typeof Protocol;

let loaded: ProtocolSchemas | null = null;
let loading: Promise<ProtocolSchemas> | null = null;

/**
 * Loads the protocol's schemas once, when the first answer needs checking (an API answer, a speech
 * socket's event); a failed download may be tried again by the next caller.
 */
export function loadProtocolSchemas(): Promise<ProtocolSchemas> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('@sfm/protocol').then(
    (module) => (loaded = module),
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
