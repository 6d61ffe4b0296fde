import { navigateTo } from '../../app/navigation.ts';
import { tr } from '../../i18n/index.ts';
import { SCENE_MODES } from '../see-for-me/scene-modes.ts';
import { speechOutput } from '../speech/speech-output.ts';
import { createSpeechInput, currentRecognitionProvider } from '../speech/speech-input.ts';
import { setAssistantStatus, useAssistantStatus } from './assistant-status.ts';
import { stepSpeechRate } from '../speech/speech-preferences.ts';
import { createGlobalHandlers } from './global-commands.ts';
import { HandlerRegistry } from './handler-registry.ts';
import { requestSceneMode } from './scene-mode-requests.ts';
import { VoiceAssistant } from './voice-assistant.ts';

/** The app's handler registry, with the global commands registered. */
export const assistantRegistry = new HandlerRegistry();
for (const handler of createGlobalHandlers({
  t: (key, params) => tr(key, params),
  speech: speechOutput,
  sceneModes: SCENE_MODES,
  requestSceneMode,
  navigate: (path) => navigateTo(path, { replace: false }),
  currentPath: () => (typeof window === 'undefined' ? '/' : window.location.pathname),
  stepSpeechRate,
})) {
  assistantRegistry.register(handler);
}

export const voiceAssistant = new VoiceAssistant({
  registry: assistantRegistry,
  speech: speechOutput,
  t: (key, params) => tr(key, params),
});

/**
 * Listens for one spoken command and runs it. Our own voice is held while the user speaks
 * (ACCESSIBILITY.md). Returns the stop. Streaming recognizers (browser, native) ignore results
 * under 3 characters (spec §5).
 */
export function listenForCommand(): () => void {
  const provider = currentRecognitionProvider();
  const input = createSpeechInput({ continuous: false }, provider);
  if (!input) {
    void speechOutput.speak(tr('speechInput.unavailable'));
    return () => undefined;
  }
  const streaming = provider !== 'cloud-mse' && provider !== 'cloud-realtime';
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    input.stop();
    speechOutput.holdForListening(false);
    if (useAssistantStatus.getState().status === 'listening') setAssistantStatus('idle');
  };
  input.onResult(({ text, isFinal }) => {
    if (!isFinal || stopped) return;
    stop();
    void voiceAssistant.handle(text, { streaming });
  });
  input.onError((error) => {
    if (error.recoverable !== false) return;
    stop();
    setAssistantStatus('failure');
    void speechOutput.speak(error.message ?? tr(error.key, { code: error.code }));
  });
  speechOutput.holdForListening(true);
  setAssistantStatus('listening');
  input.start();
  return stop;
}
