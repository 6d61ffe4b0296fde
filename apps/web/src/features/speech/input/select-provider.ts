import type { SpeechEnginePreference } from '../speech-preferences.ts';

export type RecognitionProvider =
  'cloud-mse' | 'native' | 'browser' | 'cloud-realtime' | 'cloud-single' | 'none';

export interface ProviderFacts {
  speechEngine: SpeechEnginePreference;
  mseMpeg: boolean;
  isNative: boolean;
  hasBrowserRecognizer: boolean;
  /** From GET /api/capabilities: the server can recognise realtime speech (null when not known yet). */
  serverRealtimeAsr: boolean | null;
  /** The server can recognise an uploaded recording (POST /api/speech/recognize). */
  serverSingleShotAsr?: boolean;
}

/**
 * Spec §5 provider selection: 'cloud' + MSE audio/mpeg → cloud realtime ("cloud-mse"); 'native' →
 * native only on a native platform; otherwise auto: the platform's recognizer (native shell, or the
 * browser's), falling back to the cloud when the browser has none and the server says ASR is there.
 */
export function selectRecognitionProvider(f: ProviderFacts): RecognitionProvider {
  if (f.speechEngine === 'cloud' && f.mseMpeg && f.serverRealtimeAsr !== false) return 'cloud-mse';
  if (f.speechEngine === 'native' && f.isNative) return 'native';
  if (f.isNative) return 'native';
  if (f.hasBrowserRecognizer) return 'browser';
  if (f.serverRealtimeAsr) return 'cloud-realtime';
  // record, then upload: slower than streaming, but a voice where there would be none
  if (f.serverSingleShotAsr) return 'cloud-single';
  return 'none';
}
