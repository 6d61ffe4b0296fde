import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS } from './cli/config-table.ts';
import { loadConfig } from './config.ts';

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

  it('reads the vision and image settings', () => {
    const defaults = loadConfig({}, '/srv/app');
    expect(defaults).toMatchObject({
      visionRateLimitPerMinute: 30,
      imageUrlTtlSeconds: 3600,
      imageRetentionHours: 24,
      s3: undefined,
      vision: { engine: 'embedded' },
    });
    const s3 = loadConfig({
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      VISION_ENGINE: 'openai-compatible',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(s3.s3).toEqual({
      bucket: 'photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
    });
    expect(s3.vision).toMatchObject({
      engine: 'openai-compatible',
      openaiBaseUrl: 'http://127.0.0.1:11434/v1',
    });
    expect(
      loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' }).s3?.endpoint,
    ).toBe('https://s3.us-east-1.amazonaws.com');
  });

  it('refuses incomplete S3 settings and a bad vision engine, together', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos', VISION_ENGINE: 'dashscope' })).toThrow(
      /S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY[\s\S]*DASHSCOPE_API_KEY/,
    );
    expect(() => loadConfig({ VISION_ENGINE: 'magic' })).toThrow(/VISION_ENGINE/);
  });

  it('the cloud voice defaults to longxiaochun_v2 (spec §9), TTS_VOICE names another', () => {
    const cloud = loadConfig({ DASHSCOPE_API_KEY: 'k' });
    expect(cloud.speech.tts).toMatchObject({
      engine: 'dashscope',
      model: 'cosyvoice-v2',
      voice: 'longxiaochun_v2',
    });
    expect(loadConfig({}).speech.tts.voice).toBe('longxiaochun_v2');
    expect(CONFIG_DOCS.TTS_VOICE?.[0]).toBe('longxiaochun_v2');
    expect(loadConfig({ DASHSCOPE_API_KEY: 'k', TTS_VOICE: 'longwan_v2' }).speech.tts.voice).toBe(
      'longwan_v2',
    );
  });

  it('takes a migration owner only beside DATABASE_URL', () => {
    const owner = 'postgres://owner:pw@db/see_for_me';
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: owner })).toThrow(
      /DATABASE_MIGRATION_URL: needs DATABASE_URL/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:pw@db/see_for_me',
      DATABASE_MIGRATION_URL: owner,
    });
    expect(config.databaseMigrationUrl).toBe(owner);
  });

  it('documents the vision and storage variables', () => {
    for (const name of [
      'VISION_ENGINE',
      'DASHSCOPE_API_KEY',
      'DASHSCOPE_BASE_URL',
      'VISION_MODEL',
      'OPENAI_BASE_URL',
      'OPENAI_API_KEY',
      'VISION_RATE_LIMIT_PER_MINUTE',
      'IMAGE_URL_TTL_SECONDS',
      'IMAGE_RETENTION_HOURS',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ]) {
      expect(Object.keys(CONFIG_DOCS)).toContain(name);
    }
  });
});
