import { Capacitor } from '@capacitor/core';
import { SpeechRecognition } from '@capacitor-community/speech-recognition';

/** The native recognizer of Android / iOS (Capacitor plugin); only usable in the native shell. */
export interface NativeRecognizer {
  available(): boolean;
  /** Asks for the microphone / speech permission; true when granted. */
  requestPermission(): Promise<boolean>;
  /** Starts listening with partial results; `onPartial` gets the growing text, `onStopped` the end. */
  start(lang: string, onPartial: (text: string) => void, onStopped: () => void): Promise<void>;
  stop(): Promise<void>;
}

export const nativeRecognizer: NativeRecognizer = {
  available() {
    return Capacitor.isNativePlatform() && Capacitor.isPluginAvailable('SpeechRecognition');
  },
  async requestPermission() {
    try {
      const status = await SpeechRecognition.requestPermissions();
      return status.speechRecognition === 'granted';
    } catch {
      return false;
    }
  },
  async start(lang, onPartial, onStopped) {
    await SpeechRecognition.removeAllListeners();
    await SpeechRecognition.addListener('partialResults', (data) => {
      const text = data.matches?.[0];
      if (text) onPartial(text);
    });
    await SpeechRecognition.addListener('listeningState', (data) => {
      if (data.status === 'stopped') onStopped();
    });
    await SpeechRecognition.start({ language: lang, partialResults: true, popup: false, maxResults: 1 });
  },
  async stop() {
    try {
      await SpeechRecognition.stop();
    } finally {
      await SpeechRecognition.removeAllListeners().catch(() => undefined);
    }
  },
};
