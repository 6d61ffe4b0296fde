import { endpoints } from '@sfm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { call, createTestApp, expectOk, type TestApp } from '../../../test/harness/app-harness.ts';

describe('GET /api/site', () => {
  let unset: TestApp;
  let filed: TestApp;
  beforeAll(async () => {
    unset = await createTestApp();
    filed = await createTestApp({ database: unset.database, config: { icpFiling: '京ICP备12345678号-1' } });
  });
  afterAll(async () => {
    await filed?.close();
    await unset?.close();
  });

  it('has no ICP filing unless ICP_FILING is set (no placeholder to show)', async () => {
    expect(expectOk(endpoints.siteInfo, await call(unset.app, endpoints.siteInfo))).toEqual({
      icpFiling: null,
    });
  });

  it('answers the ICP filing of the settings, to anyone', async () => {
    expect(expectOk(endpoints.siteInfo, await call(filed.app, endpoints.siteInfo))).toEqual({
      icpFiling: '京ICP备12345678号-1',
    });
  });

  it('reads ICP_FILING trimmed; blank is unset', () => {
    expect(loadConfig({ ICP_FILING: ' 京ICP备12345678号-1 ' }).icpFiling).toBe('京ICP备12345678号-1');
    expect(loadConfig({ ICP_FILING: '   ' }).icpFiling).toBeNull();
    expect(loadConfig({}).icpFiling).toBeNull();
  });
});
