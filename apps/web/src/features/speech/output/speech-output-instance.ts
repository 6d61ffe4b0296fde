import { announce } from '../../../ui/announcer.tsx';
import { platform } from '../../../platform/index.ts';
import {
  readSelectedVoice,
  readSpeakWithScreenReader,
  readSpeechEngine,
  readSpeechRate,
  readSpeechVolume,
} from '../speech-preferences.ts';
import { BrowserSpeechEngine } from './browser-engine.ts';
import { CloudSpeechEngine } from './cloud-engine.ts';
import { streamTimingsFor, synthesisSocketOptionsFor } from './cloud-speech-config.ts';
import { NativeSpeechEngine } from './native-engine.ts';
import { ScreenReaderSpeechEngine } from './screen-reader-engine.ts';
import { SilentSpeechEngine } from './silent-engine.ts';
import { SpeechOutputService } from './speech-output-service.ts';
import type { SpeechTask } from './speech-task.ts';
import type { SpeechEngine } from './types.ts';

/** Cloud speech task changes (pending → completed / failed), as a DOM event the browser tests follow. */
function publishTask(task: Readonly<SpeechTask>): void {
  const snapshot = {
    id: task.id,
    text: task.text,
    status: task.status,
    startTime: task.startTime,
    endReason: task.endReason,
  };
  if (typeof window !== 'undefined' && typeof CustomEvent === 'function') {
    window.dispatchEvent(new CustomEvent('sfm:speech-task', { detail: snapshot }));
  }
}

const platformName = platform.name();

/** The app's engines, each created once. */
export const speechEngines = {
  browser: new BrowserSpeechEngine({ rate: readSpeechRate, volume: readSpeechVolume }),
  native: new NativeSpeechEngine(undefined, readSpeechRate, readSpeechVolume),
  // the platform's stream timings reach its MseAudioPlayer too (the engine creates it with them)
  cloud: new CloudSpeechEngine({
    timings: streamTimingsFor(platformName),
    socket: synthesisSocketOptionsFor(platformName),
    rate: readSpeechRate,
    volume: readSpeechVolume,
    voice: readSelectedVoice,
    onTask: publishTask,
  }),
  screenReader: new ScreenReaderSpeechEngine(announce),
  silent: new SilentSpeechEngine(),
};

/** The device's own voice: native in the Capacitor shell, else the browser's. */
function deviceEngine(): SpeechEngine {
  return platform.hasNativeSpeech() ? speechEngines.native : speechEngines.browser;
}

/**
 * Spec §5 with the stored preference: 'cloud' → cloud (falls back to the device voice), 'native' →
 * native on a native platform, otherwise the device voice. The screen reader, when the user lets it
 * speak, comes before all of them: a second voice would talk over it.
 */
export function chooseEngineChain(): SpeechEngine[] {
  if (readSpeakWithScreenReader()) return [speechEngines.screenReader];
  const preference = readSpeechEngine();
  if (preference === 'cloud') return [speechEngines.cloud, deviceEngine()];
  if (preference === 'native' && platform.hasNativeSpeech()) return [speechEngines.native];
  return [deviceEngine()];
}

/** The app-wide speaker. */
export const speechOutput = new SpeechOutputService({
  chain: chooseEngineChain,
  silent: speechEngines.silent,
  engines: Object.values(speechEngines),
});
