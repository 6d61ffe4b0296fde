import { QueueStrategy, type TTSOptions } from '@capacitor-community/text-to-speech';
import { describe, expect, it, vi } from 'vitest';
import { createNativeTts, NATIVE_UTTERANCE_AUDIO, type NativeShell, type TtsPlugin } from './native-tts.ts';

function fakePlugin() {
  const spoken: TTSOptions[] = [];
  const plugin = {
    speak: vi.fn(async (options: TTSOptions) => {
      spoken.push(options);
    }),
    stop: vi.fn(async () => undefined),
    getSupportedLanguages: vi.fn(async () => ({ languages: ['zh-CN'] })),
  } satisfies TtsPlugin;
  return { plugin, spoken };
}

const shell = (native: boolean, plugin = true): NativeShell => ({
  isNativePlatform: () => native,
  isPluginAvailable: (name) => plugin && name === 'TextToSpeech',
});

describe('the native voice (Capacitor text-to-speech)', () => {
  it('is available in the native shell with the plugin only', () => {
    const { plugin } = fakePlugin();
    expect(createNativeTts(plugin, shell(true)).available()).toBe(true);
    expect(createNativeTts(plugin, shell(false)).available()).toBe(false);
    expect(createNativeTts(plugin, shell(true, false)).available()).toBe(false);
  });

  it('speaks on the playback session (loudspeaker on iOS), flushing what another text was saying', async () => {
    const { plugin, spoken } = fakePlugin();
    await createNativeTts(plugin, shell(true)).speak({
      text: '前方有台阶',
      lang: 'zh-CN',
      rate: 1.5,
      pitch: 1,
      volume: 0.8,
    });
    expect(spoken).toEqual([
      {
        text: '前方有台阶',
        lang: 'zh-CN',
        rate: 1.5,
        pitch: 1,
        volume: 0.8,
        category: 'playback',
        queueStrategy: QueueStrategy.Flush,
      },
    ]);
  });

  it('sets no sample rate, channel count or output route: the plugin has no such option (spec §9 48 kHz, 2 channels)', () => {
    // what every utterance carries beyond its text, voice settings and volume: exactly these two
    expect(NATIVE_UTTERANCE_AUDIO).toEqual({ category: 'playback', queueStrategy: 0 });
  });

  it('is ready once the platform lists its languages, and fails with it', async () => {
    const { plugin } = fakePlugin();
    const tts = createNativeTts(plugin, shell(true));
    await expect(tts.ready()).resolves.toBeUndefined();
    plugin.getSupportedLanguages.mockRejectedValueOnce(new Error('no engine'));
    await expect(tts.ready()).rejects.toThrow('no engine');
  });

  it('stops through the plugin', async () => {
    const { plugin } = fakePlugin();
    await createNativeTts(plugin, shell(true)).stop();
    expect(plugin.stop).toHaveBeenCalledOnce();
  });
});
