import type { AnalyzeRequest, Capabilities } from '@sfm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { serverCloudReader, type CloudReaderDeps } from './cloud-reading.ts';

const withVision = (engine: Capabilities['vision']['engine']) =>
  ({ vision: { engine } }) as unknown as Capabilities;

function deps(capabilities: Capabilities | null): CloudReaderDeps & { analyze: ReturnType<typeof vi.fn> } {
  return {
    capabilities: () => Promise.resolve(capabilities),
    analyze: vi.fn((_: AnalyzeRequest) => Promise.resolve({ description: '20美元' })),
    jpeg: () => Promise.resolve('SlBFRw=='),
  };
}

const pixels = { data: new Uint8ClampedArray(4), width: 1, height: 1 };

describe('the cloud reader', () => {
  it('is there only when the server’s vision engine is a cloud model', async () => {
    expect(await serverCloudReader(() => 'q', deps(withVision('dashscope'))).available()).toBe(true);
    expect(await serverCloudReader(() => 'q', deps(withVision('openai-compatible'))).available()).toBe(true);
    expect(await serverCloudReader(() => 'q', deps(withVision('embedded'))).available()).toBe(false);
    // the server could not say: nothing is sent
    expect(await serverCloudReader(() => 'q', deps(null)).available()).toBe(false);
  });

  it('sends the frame with the banknote question and says the model’s answer', async () => {
    const d = deps(withVision('dashscope'));
    const signal = new AbortController().signal;
    const answer = await serverCloudReader(() => '纸币的币种和面额？', d).read(pixels, signal);
    expect(answer).toBe('20美元');
    expect(d.analyze).toHaveBeenCalledWith(
      { image: 'SlBFRw==', scenario: 'observe', compression: 'standard', prompt: '纸币的币种和面额？' },
      signal,
    );
  });
});
