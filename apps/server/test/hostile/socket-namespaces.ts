import { vi } from 'vitest';
import type { z } from 'zod';
import type { SocketNamespace } from '../../src/sockets/socket-namespace.ts';
import { SocketRouter } from '../../src/sockets/socket-router.ts';

export type WatchedNamespace = SocketNamespace<Record<string, z.ZodType>, never>;

/**
 * Every namespace the modules register, as they register it: the socket router is watched while
 * an app is built (call `stop` once it is), so a namespace added later is tested without being
 * listed anywhere.
 */
export function watchSocketNamespaces(): { found: WatchedNamespace[]; stop(): void } {
  const found: WatchedNamespace[] = [];
  const register = SocketRouter.prototype.namespace;
  const spy = vi.spyOn(SocketRouter.prototype, 'namespace').mockImplementation(function (
    this: SocketRouter,
    definition,
  ) {
    // one entry a namespace, however many apps a test file builds
    if (!found.some((d) => d.path === definition.path)) found.push(definition as unknown as WatchedNamespace);
    return register.call(this, definition);
  });
  return { found, stop: () => spy.mockRestore() };
}
