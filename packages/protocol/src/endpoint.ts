import type { z } from 'zod';
import type { Access } from './plain.ts';

export { isAdminAccess, type Access } from './plain.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  /** JSON body (POST/PATCH/PUT) */
  body?: z.ZodType;
  /** query string (GET) */
  query?: z.ZodType;
  /** schema of the envelope's `data` on success */
  data: z.ZodType;
  /**
   * Spec §7 names `Authorization: Bearer {token}` for this call beside the identity headers every
   * call carries (§6): a logged-in caller sends both.
   */
  bearer?: true;
}

/** Keeps each entry's own literal type (method, access, schemas) while checking it is an Endpoint. */
export const defineEndpoints = <T extends Record<string, Endpoint>>(e: T) => e;

/** What a caller sends and gets back, by endpoint (any table: `endpoints`, `adminEndpoints`). */
export type EndpointBody<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
export type EndpointQuery<E extends Endpoint> = E extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;
export type EndpointData<E extends Endpoint> = z.infer<E['data']>;
