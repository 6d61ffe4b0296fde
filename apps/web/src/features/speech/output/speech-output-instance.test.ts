import { describe, expect, it, vi } from 'vitest';
import { platform } from '../../../platform/index.ts';
import { writeSpeakWithScreenReader, writeSpeechEngine } from '../speech-preferences.ts';
import { chooseEngineChain, speechEngines } from './speech-output-instance.ts';

describe('chooseEngineChain', () => {
  it('off: the stored speechEngine decides, as before', () => {
    writeSpeakWithScreenReader(false);
    writeSpeechEngine('other');
    expect(chooseEngineChain()).toEqual([speechEngines.browser]);
    writeSpeechEngine('cloud');
    expect(chooseEngineChain()).toEqual([speechEngines.cloud, speechEngines.browser]);
  });

  it('on: only the screen reader speaks, whatever speechEngine says, in the browser and the app', () => {
    writeSpeakWithScreenReader(true);
    for (const engine of ['cloud', 'native', 'other'] as const) {
      writeSpeechEngine(engine);
      expect(chooseEngineChain()).toEqual([speechEngines.screenReader]);
    }
    vi.spyOn(platform, 'isNative').mockReturnValue(true);
    writeSpeechEngine('native');
    expect(chooseEngineChain()).toEqual([speechEngines.screenReader]);
  });
});
