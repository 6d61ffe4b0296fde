import { Capacitor } from '@capacitor/core';
import {
  QueueStrategy,
  TextToSpeech,
  type TextToSpeechPlugin,
  type TTSOptions,
} from '@capacitor-community/text-to-speech';

/** The native text-to-speech of Android / iOS (Capacitor plugin); only usable in the native shell. */
export interface NativeTts {
  available(): boolean;
  /** Resolves once the platform's voice answers (its languages are known); rejects when it cannot. */
  ready(): Promise<void>;
  /** Speaks one chunk; resolves when it has been said (or was stopped). */
  speak(options: { text: string; lang: string; rate: number; pitch: number; volume: number }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The audio options the app gives every native utterance. Spec §9 asks native audio for 48000 Hz, 2
 * channels and speaker output; the plugin takes none of the three: an utterance carries its text,
 * language, rate, pitch, volume, voice, iOS session category and queue strategy only. The system
 * synthesizer (Android TextToSpeech, iOS AVSpeechSynthesizer) renders in its voice's own format and
 * the system mixer converts that to the phone's output, itself 48 kHz stereo on current phones: the
 * app cannot set the rate or channels here, and what is heard is already the spec's.
 *
 * The output is the loudspeaker, except where the user chose otherwise by plugging in earphones:
 * - iOS: the 'playback' category plays on the loudspeaker (the earpiece is the default of
 *   'playAndRecord' only) and is heard with the silent switch on. Plugin 6.1's iOS side sets
 *   'playback' itself at start; the option is passed so a plugin that reads it does the same.
 * - Android: the plugin speaks on the media stream (no audio attributes of its own), which is the
 *   loudspeaker unless headphones or a Bluetooth headset are connected.
 * Forcing the loudspeaker over connected earphones, as a literal "speaker output" would, reads a
 * blind user's letters and prescriptions aloud to the room: the app keeps the system's routing.
 *
 * Flush: a new chunk of another text cuts the one being said (the engine sends its chunks one by
 * one, each after the last has been said).
 */
export const NATIVE_UTTERANCE_AUDIO = {
  category: 'playback',
  queueStrategy: QueueStrategy.Flush,
} as const satisfies Pick<TTSOptions, 'category' | 'queueStrategy'>;

/** What of Capacitor tells whether the plugin can be used. */
export interface NativeShell {
  isNativePlatform(): boolean;
  isPluginAvailable(name: string): boolean;
}

export type TtsPlugin = Pick<TextToSpeechPlugin, 'speak' | 'stop' | 'getSupportedLanguages'>;

/** The native voice over a given plugin and shell (tests give fakes of both). */
export function createNativeTts(plugin: TtsPlugin, shell: NativeShell): NativeTts {
  return {
    available() {
      return shell.isNativePlatform() && shell.isPluginAvailable('TextToSpeech');
    },
    async ready() {
      await plugin.getSupportedLanguages();
    },
    async speak({ text, lang, rate, pitch, volume }) {
      await plugin.speak({ text, lang, rate, pitch, volume, ...NATIVE_UTTERANCE_AUDIO });
    },
    async stop() {
      await plugin.stop();
    },
  };
}

export const nativeTts: NativeTts = createNativeTts(TextToSpeech, Capacitor);
