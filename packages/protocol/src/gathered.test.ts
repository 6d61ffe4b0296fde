import { describe, expect, it } from 'vitest';
import { callsAdminEndpoints } from './calls-admin.ts';
import { endpoints as coreEndpoints } from './endpoints.ts';
import { endpoints } from './gathered.ts';
import { adminEndpoints } from './gathered-admin.ts';
import { marketEndpoints } from './market.ts';

describe('every endpoint, gathered from the files (gathered.ts)', () => {
  it("holds the core's table and each feature's, the same objects", () => {
    expect(endpoints.login).toBe(coreEndpoints.login);
    expect(endpoints.marketScenes).toBe(marketEndpoints.marketScenes);
    expect(endpoints.pointsLogs.path).toBe('/api/points/logs');
    expect(endpoints.callHistory.path).toBe('/api/calls/history');
  });

  it("keeps the back office's apart", () => {
    expect(adminEndpoints.calls).toBe(callsAdminEndpoints.calls);
    expect(adminEndpoints.dashboardSummary.path).toBe('/api/admin/dashboard/summary');
    expect('dashboardSummary' in endpoints).toBe(false);
  });
});
