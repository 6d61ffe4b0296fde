import type { Plugin } from 'vite';
import type { EndpointName, Endpoints } from '@sfm/protocol';
import type { EndpointRoute } from '../src/api/endpoint-route.ts';
import { loadEveryEndpoint } from './protocol-module.ts';

/** The name the client's code reads the route table by (src/api/endpoint-routes.ts). */
export const ENDPOINT_ROUTES_GLOBAL = '__SFM_ENDPOINT_ROUTES__';

/**
 * The user app's endpoints (the core's and every feature's) without their zod schemas: what the
 * client needs to send a call (method, path, who may call, whether it takes a body or a query).
 */
export function endpointRoutes(endpoints: Endpoints): Record<EndpointName, EndpointRoute> {
  const entries = Object.entries(endpoints).map(([name, endpoint]) => {
    const { method, path, access } = endpoint;
    const route: EndpointRoute = { method, path, access };
    if ('body' in endpoint) route.body = true;
    if ('query' in endpoint) route.query = true;
    if ('bearer' in endpoint) route.bearer = true;
    return [name, route];
  });
  return Object.fromEntries(entries) as Record<EndpointName, EndpointRoute>;
}

/**
 * Writes the route table into the build (and the unit tests' transform) as a constant, so the first
 * download carries neither zod nor the schemas: they load with the first answer to check
 * (src/api/protocol-schemas.ts).
 */
export function endpointRoutesPlugin(): Plugin {
  return {
    name: 'sfm-endpoint-routes',
    async config() {
      const endpoints = await loadEveryEndpoint();
      return { define: { [ENDPOINT_ROUTES_GLOBAL]: JSON.stringify(endpointRoutes(endpoints)) } };
    },
  };
}
