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

/** The tables of a union as one (`A | B` → `A & B`): the features' tables merged into one by name. */
export type IntersectionOf<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

const isEndpoint = (value: unknown): value is Endpoint => {
  if (!value || typeof value !== 'object') return false;
  const e = value as Partial<Endpoint>;
  return (
    typeof e.method === 'string' && typeof e.path === 'string' && typeof e.access === 'string' && 'data' in e
  );
};

const isEndpointTable = (value: unknown): value is Record<string, Endpoint> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every(isEndpoint);

/**
 * Every endpoint of the tables the given modules export, found by shape rather than listed, by
 * name. A table that spreads another holds the same endpoint objects; two different endpoints of
 * one name are a mistake said at once.
 */
export function gatherEndpoints(modules: Iterable<Record<string, unknown>>): Record<string, Endpoint> {
  const found: Record<string, Endpoint> = {};
  for (const table of [...modules].flatMap((m) => Object.values(m)).filter(isEndpointTable)) {
    for (const [name, endpoint] of Object.entries(table)) {
      if (found[name] && found[name] !== endpoint) throw new Error(`two endpoints are named ${name}`);
      found[name] = endpoint;
    }
  }
  return found;
}

/** What a caller sends and gets back, by endpoint (any table: `endpoints`, `adminEndpoints`). */
export type EndpointBody<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
export type EndpointQuery<E extends Endpoint> = E extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;
export type EndpointData<E extends Endpoint> = z.infer<E['data']>;
