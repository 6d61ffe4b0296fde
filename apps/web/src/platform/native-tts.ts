import { Capacitor } from '@capacitor/core';
import { TextToSpeech } from '@capacitor-community/text-to-speech';

/** The native text-to-speech of Android / iOS (Capacitor plugin); only usable in the native shell. */
export interface NativeTts {
  available(): boolean;
  /** Resolves once the platform's voice answers (its languages are known); rejects when it cannot. */
  ready(): Promise<void>;
  /** Speaks one chunk; resolves when it has been said (or was stopped). */
  speak(options: { text: string; lang: string; rate: number; pitch: number; volume: number }): Promise<void>;
  stop(): Promise<void>;
}

export const nativeTts: NativeTts = {
  available() {
    return Capacitor.isNativePlatform() && Capacitor.isPluginAvailable('TextToSpeech');
  },
  async ready() {
    await TextToSpeech.getSupportedLanguages();
  },
  async speak({ text, lang, rate, pitch, volume }) {
    await TextToSpeech.speak({ text, lang, rate, pitch, volume, category: 'playback', queueStrategy: 0 });
  },
  async stop() {
    await TextToSpeech.stop();
  },
};
