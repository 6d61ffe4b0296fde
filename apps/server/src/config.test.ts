import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      corsOrigins: [],
      trustProxy: false,
      bodyLimitBytes: 12 * 1024 * 1024,
      smsSender: 'log',
      loginRateLimitPerMinute: 10,
      production: false,
    });
    // found from the source file, not the cwd
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('parses values and treats empty variables as unset', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        CORS_ORIGINS: 'https://a.example, capacitor://localhost',
        TRUST_PROXY: '1',
        DATABASE_URL: '',
      },
      '/x',
    );
    expect(config).toMatchObject({
      port: 8080,
      corsOrigins: ['https://a.example', 'capacitor://localhost'],
      trustProxy: 1,
      databaseUrl: undefined,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET|PORT[\s\S]*JWT_SECRET/,
    );
  });

  it('documents every variable', () => {
    expect(Object.keys(CONFIG_DOCS)).toContain('LOGIN_RATE_LIMIT_PER_MINUTE');
    for (const [, [, description]] of Object.entries(CONFIG_DOCS))
      expect(description.length).toBeGreaterThan(10);
  });
});
