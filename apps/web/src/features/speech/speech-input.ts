import { platform } from '../../platform/index.ts';
import { mseSupportsMpeg, speechRecognitionConstructor } from '../../platform/media.ts';
import { BrowserSpeechInput } from './input/browser-recognizer.ts';
import { knownCapabilities, loadCapabilities } from './input/capabilities.ts';
import { CloudRealtimeSpeechInput } from './input/cloud-realtime.ts';
import { NativeSpeechInput } from './input/native-recognizer.ts';
import { selectRecognitionProvider, type RecognitionProvider } from './input/select-provider.ts';
import { readSpeechEngine } from './speech-preferences.ts';

export * from './input/types.ts';
export { BrowserSpeechInput, RECOVERY_CHECK_MS } from './input/browser-recognizer.ts';
export { CloudRealtimeSpeechInput } from './input/cloud-realtime.ts';
export { NativeSpeechInput } from './input/native-recognizer.ts';
export { SingleShotRecognizer, recognizeRecording, MIN_RECORDING_MS } from './input/single-shot.ts';
export { selectRecognitionProvider, type RecognitionProvider } from './input/select-provider.ts';
export { loadCapabilities, knownCapabilities } from './input/capabilities.ts';

import type { SpeechInput, SpeechInputOptions } from './input/types.ts';

/** Which recognizer the stored preference and this device give now (spec §5). */
export function currentRecognitionProvider(): RecognitionProvider {
  const asr = knownCapabilities()?.asr;
  return selectRecognitionProvider({
    speechEngine: readSpeechEngine(),
    mseMpeg: mseSupportsMpeg(),
    isNative: platform.isNative(),
    hasBrowserRecognizer: speechRecognitionConstructor() !== null,
    serverRealtimeAsr: asr ? asr.realtime : null,
  });
}

/** Fetches the server's capabilities so the next createSpeechInput can choose with them. */
export function prepareSpeechInput(): Promise<unknown> {
  return loadCapabilities();
}

/** A recognizer for the current provider, or null when this device cannot recognise speech. */
export function createSpeechInput(
  options: SpeechInputOptions,
  provider = currentRecognitionProvider(),
): SpeechInput | null {
  switch (provider) {
    case 'cloud-mse':
    case 'cloud-realtime':
      return new CloudRealtimeSpeechInput();
    case 'native':
      return new NativeSpeechInput(options);
    case 'browser': {
      const Recognition = speechRecognitionConstructor();
      return Recognition ? new BrowserSpeechInput(Recognition, options) : null;
    }
    case 'none':
      return null;
  }
}
