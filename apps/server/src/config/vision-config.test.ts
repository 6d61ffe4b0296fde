import { describe, expect, it } from 'vitest';
import { visionConfigFromEnv } from './vision-config.ts';

describe('visionConfigFromEnv', () => {
  it('defaults to embedded, dashscope with a key, openai-compatible with a base URL', () => {
    expect(visionConfigFromEnv({}).engine).toBe('embedded');
    const ds = visionConfigFromEnv({ DASHSCOPE_API_KEY: 'k' });
    expect(ds).toMatchObject({
      engine: 'dashscope',
      dashscopeBaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
      visionModel: 'qwen-vl-plus',
    });
    expect(
      visionConfigFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', VISION_MODEL: 'llava' }),
    ).toMatchObject({ engine: 'openai-compatible', visionModel: 'llava' });
    expect(visionConfigFromEnv({ VISION_ENGINE: 'embedded', DASHSCOPE_API_KEY: 'k' }).engine).toBe(
      'embedded',
    );
  });
  it('rejects an engine without what it needs', () => {
    expect(() => visionConfigFromEnv({ VISION_ENGINE: 'dashscope' })).toThrow();
    expect(() => visionConfigFromEnv({ VISION_ENGINE: 'nope' })).toThrow();
  });
});
