import type { EndpointName } from '@sfm/protocol';
import type { EndpointRoute } from './endpoint-route.ts';

// written by the build (build/endpoint-routes.ts): the protocol's table, schemas left out
declare const __SFM_ENDPOINT_ROUTES__: Record<EndpointName, EndpointRoute>;

/** The protocol's endpoints by name, without zod: the paths the first page's calls need. */
export const endpointRoutes = __SFM_ENDPOINT_ROUTES__;
