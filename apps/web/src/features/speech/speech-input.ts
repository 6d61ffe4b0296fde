import { useEffect, useState } from 'react';
import { platform } from '../../platform/index.ts';
import {
  browserRecognizerExpectedToWork,
  mseSupportsMpeg,
  speechRecognitionConstructor,
} from '../../platform/media.ts';
import { BrowserSpeechInput } from './input/browser-recognizer.ts';
import { knownCapabilities, loadCapabilities } from './input/capabilities.ts';
import { CloudRealtimeSpeechInput } from './input/cloud-realtime.ts';
import { DialogueSpeechInput } from './input/dialogue-input.ts';
import { FallbackSpeechInput } from './input/fallback-input.ts';
import { NativeSpeechInput } from './input/native-recognizer.ts';
import { SingleShotSpeechInput } from './input/single-shot.ts';
import { selectRecognitionProvider, type RecognitionProvider } from './input/select-provider.ts';
import {
  isBrowserRecognizerBroken,
  markBrowserRecognizerBroken,
  useVoiceAvailability,
} from './input/voice-availability.ts';
import { readSpeechEngine } from './speech-preferences.ts';

export type * from './input/types.ts';

import type { SpeechInput, SpeechInputOptions } from './input/types.ts';

/** Which recognizer the stored preference and this device give now (spec §5). */
export function currentRecognitionProvider(): RecognitionProvider {
  const asr = knownCapabilities()?.asr;
  return selectRecognitionProvider({
    speechEngine: readSpeechEngine(),
    mseMpeg: mseSupportsMpeg(),
    isNative: platform.hasNativeSpeech(),
    hasBrowserRecognizer: browserRecognizerExpectedToWork() && !isBrowserRecognizerBroken(),
    serverRealtimeAsr: asr ? asr.realtime : null,
    serverSingleShotAsr: asr?.singleShot ?? false,
  });
}

/** Fetches the server's capabilities so the next createSpeechInput can choose with them. */
export function prepareSpeechInput(): Promise<unknown> {
  return loadCapabilities();
}

/**
 * A recognizer for the current provider, or null when this device cannot recognise speech. Dialogue
 * (continuous) listening hands its final results over as spec §9 says (DialogueSpeechInput).
 */
export function createSpeechInput(
  options: SpeechInputOptions,
  provider = currentRecognitionProvider(),
): SpeechInput | null {
  const input = providerInput(options, provider);
  return input && options.continuous ? new DialogueSpeechInput(input) : input;
}

function providerInput(options: SpeechInputOptions, provider: RecognitionProvider): SpeechInput | null {
  switch (provider) {
    case 'cloud-mse':
    case 'cloud-realtime':
      return new CloudRealtimeSpeechInput();
    case 'native':
      return new NativeSpeechInput(options);
    case 'cloud-single':
      return new SingleShotSpeechInput();
    case 'browser': {
      const Recognition = speechRecognitionConstructor();
      if (!Recognition) return null;
      // where the browser's recognizer cannot work, the server's takes over (when there is one)
      return new FallbackSpeechInput(new BrowserSpeechInput(Recognition, options), () => {
        markBrowserRecognizerBroken();
        const next = currentRecognitionProvider();
        return next === 'browser' ? null : providerInput(options, next);
      });
    }
    case 'none':
      return null;
  }
}

/**
 * Why voice input cannot be had here: the browser has no speech recognition at all ('unsupported',
 * spec §8's 'browser does not support speech recognition'), or it has one that cannot work here.
 */
export function voiceInputMissing(): 'unsupported' | 'unavailable' {
  return !platform.hasNativeSpeech() && speechRecognitionConstructor() === null
    ? 'unsupported'
    : 'unavailable';
}

/** Whether any recognizer can work here now (re-rendered when one proves it cannot). */
export function useVoiceInputAvailable(): boolean {
  useVoiceAvailability((s) => s.browserRecognizerBroken);
  const [, setCapabilitiesLoaded] = useState(false);
  useEffect(() => {
    void loadCapabilities().then(() => setCapabilitiesLoaded(true));
  }, []);
  return currentRecognitionProvider() !== 'none';
}
