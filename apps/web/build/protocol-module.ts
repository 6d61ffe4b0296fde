import { runnerImport } from 'vite';
import type * as ProtocolModule from '@sfm/protocol';

export type Protocol = typeof ProtocolModule;

let loading: Promise<Protocol> | null = null;

/**
 * The protocol package's values, for the build's plugins. It is TypeScript in a linked package,
 * which Node cannot import from the bundled vite.config: Vite's module runner runs it, as the app
 * would (once per build).
 */
export function loadProtocol(): Promise<Protocol> {
  loading ??= runnerImport<Protocol>('@sfm/protocol').then(({ module }) => module);
  return loading;
}
