import { endpoints } from '@sfm/protocol/gathered';
import { describe, expect, it } from 'vitest';
import { endpointRoutes } from './endpoint-routes.ts';

describe('endpointRoutes', () => {
  it("is the protocol's table without its schemas: method, path, access, and whether a body or query", () => {
    const routes = endpointRoutes(endpoints);
    expect(Object.keys(routes)).toEqual(Object.keys(endpoints));
    expect(routes.login).toEqual({ method: 'POST', path: '/api/auth/login', access: 'public', body: true });
    expect(routes.pointsLogs).toEqual({
      method: 'GET',
      path: '/api/points/logs',
      access: 'user',
      query: true,
    });
    expect(routes.me).toEqual({ method: 'GET', path: '/api/users/me', access: 'user' });
    // what the build writes into the app: plain JSON, no schema in it
    expect(JSON.parse(JSON.stringify(routes))).toEqual(routes);
  });
});
