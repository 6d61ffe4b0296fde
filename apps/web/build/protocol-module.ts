import { runnerImport } from 'vite';
import type * as ProtocolModule from '@sfm/protocol';
import type * as GatheredModule from '@sfm/protocol/gathered';

export type Protocol = typeof ProtocolModule;
type Gathered = typeof GatheredModule;

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

let gathering: Promise<Gathered> | null = null;

/** Every endpoint of the user app by name (@sfm/protocol/gathered), run the same way. */
export function loadEveryEndpoint(): Promise<Gathered['endpoints']> {
  gathering ??= runnerImport<Gathered>('@sfm/protocol/gathered').then(({ module }) => module);
  return gathering.then((module) => module.endpoints);
}
