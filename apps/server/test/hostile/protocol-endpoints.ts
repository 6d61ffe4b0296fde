import { userProtocol } from '@sfm/protocol/gathered';
import { adminProtocol } from '@sfm/protocol/gathered-admin';
import type { Endpoint } from '@sfm/protocol';

export interface NamedEndpoint {
  /** `table.name`, e.g. `endpoints.login`: how a failure names it. */
  name: string;
  endpoint: Endpoint;
}

const isEndpoint = (value: unknown): value is Endpoint => {
  if (!value || typeof value !== 'object') return false;
  const e = value as Partial<Endpoint>;
  return typeof e.method === 'string' && typeof e.path === 'string' && typeof e.access === 'string';
};

const isEndpointTable = (value: unknown): value is Record<string, Endpoint> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every(isEndpoint);

/**
 * Every endpoint of every table the protocol's files export (`endpoints`, `marketEndpoints`,
 * `adminEndpoints`, …), found by shape rather than listed: a table or endpoint added later is
 * fuzzed without anyone remembering to add it here.
 */
export function protocolEndpoints(): NamedEndpoint[] {
  const found = new Map<string, NamedEndpoint>();
  for (const entry of [userProtocol, adminProtocol]) {
    for (const [table, value] of Object.entries(entry)) {
      if (!isEndpointTable(value)) continue;
      for (const [name, endpoint] of Object.entries(value)) {
        // one route, one entry (a table re-exported by both entries is seen twice); a feature's
        // endpoint keeps its own table's name over the registry's (`endpoints` gathers them all)
        const route = `${endpoint.method} ${endpoint.path}`;
        if (table === 'endpoints' && found.has(route)) continue;
        found.set(route, { name: `${table}.${name}`, endpoint });
      }
    }
  }
  return [...found.values()];
}
