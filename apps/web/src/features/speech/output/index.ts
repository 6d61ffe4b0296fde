export * from './types.ts';
export {
  BrowserSpeechEngine,
  CANCEL_SETTLE_MS,
  CANCELED_RETRY_MS,
  PLAYBACK_TRANSITIONS,
  nextPlaybackState,
} from './browser-engine.ts';
export { CloudSpeechEngine, type SpeechTask } from './cloud-engine.ts';
export { NativeSpeechEngine } from './native-engine.ts';
export { ScreenReaderSpeechEngine, type Announce } from './screen-reader-engine.ts';
export { SilentSpeechEngine } from './silent-engine.ts';
export { cleanMarkdown, splitForSpeech, MAX_CHUNK_CHARS } from './speech-text.ts';
export { SpeechOutputService } from './speech-output-service.ts';
export { speechOutput, speechEngines, chooseEngineChain, onSpeechTask } from './speech-output-instance.ts';
