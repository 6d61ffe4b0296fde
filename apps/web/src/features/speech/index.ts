/** The speech feature's public face: the app's voice (output), its ears (input) and their preferences. */
export { speechEngines, speechOutput } from './output/speech-output-instance.ts';
export type { EngineName, SpeechEvent, SpeechOutput } from './output/types.ts';
export { cleanMarkdown } from './output/speech-text.ts';
export {
  createSpeechInput,
  currentRecognitionProvider,
  prepareSpeechInput,
  useVoiceInputAvailable,
  voiceInputMissing,
} from './speech-input.ts';
export { BrowserSpeechInput } from './input/browser-recognizer.ts';
export { loadCapabilities } from './input/capabilities.ts';
export { CloudRealtimeSpeechInput } from './input/cloud-realtime.ts';
export { SingleShotSpeechInput } from './input/single-shot.ts';
export type { RecognitionUpdate, SpeechInput, SpeechInputError } from './input/types.ts';
export { claimUnavailableNotice } from './input/voice-availability.ts';
export {
  readSpeakWithScreenReader,
  readSpeechEngine,
  readSpeechVolume,
  resolveSpeakWithScreenReaderDefault,
  stepSpeechRate,
  useSpeakWithScreenReader,
  writeSpeakWithScreenReader,
  writeSpeechVolume,
} from './speech-preferences.ts';
// the socket.io client, loaded on first use: the calls feature opens its sockets with it too
export { defaultSocketFactory } from './speech-socket.ts';
