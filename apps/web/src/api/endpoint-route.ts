import type { Endpoint } from '@sfm/protocol';

/**
 * What sending a call needs of an endpoint: a protocol endpoint is one, and so is an entry of the
 * zod-free route table (endpoint-routes.ts). `body`/`query` only say whether there is one.
 */
export interface EndpointRoute {
  method: Endpoint['method'];
  path: string;
  access: Endpoint['access'];
  body?: unknown;
  query?: unknown;
  /** A logged-in caller also sends its token as `Authorization: Bearer` (the protocol's `bearer`). */
  bearer?: true;
}
