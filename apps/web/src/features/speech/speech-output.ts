/**
 * The speech output service's public face (kept at this path for its callers): see ./output/ for the
 * engines (browser, native, cloud), the queue and the streamed audio player.
 */
export * from './output/types.ts';
export type { PlaybackState as SpeechOutputState } from './output/types.ts';
export { CANCEL_SETTLE_MS, CANCELED_RETRY_MS } from './output/browser-engine.ts';
export { speechOutput, speechEngines, onSpeechTask } from './output/speech-output-instance.ts';
