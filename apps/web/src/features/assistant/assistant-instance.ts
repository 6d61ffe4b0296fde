import { tr } from '../../i18n/index.ts';
import { navigateTo } from '../../ui/navigation.ts';
import { routes } from '../../ui/routes.ts';
import {
  createSpeechInput,
  voiceInputMissing,
  currentRecognitionProvider,
  speechOutput,
  stepSpeechRate,
} from '../speech/index.ts';
import { setAssistantStatus, useAssistantStatus } from './assistant-status.ts';
import { createGlobalHandlers, type VoicePage, type VoiceSceneMode } from './global-commands.ts';
import { HandlerPriority, HandlerRegistry, type CommandMatch } from './handler-registry.ts';
import { requestSceneMode } from './scene-mode-requests.ts';
import { VoiceAssistant } from './voice-assistant.ts';

const assistantRegistry = new HandlerRegistry();

/**
 * Registers the global commands (once, at start), with what the app's features let the voice open
 * by name: their pages and the see-for-me scene modes.
 */
export function registerGlobalCommands({
  pages,
  sceneModes,
}: {
  pages: readonly VoicePage[];
  sceneModes: readonly VoiceSceneMode[];
}): void {
  for (const handler of createGlobalHandlers({
    t: (key, params) => tr(key, params),
    speech: speechOutput,
    sceneModes,
    requestSceneMode,
    pages,
    navigate: (path) => navigateTo(path, { replace: false }),
    currentPath: () => (typeof window === 'undefined' ? routes.home : window.location.pathname),
    stepSpeechRate,
  })) {
    assistantRegistry.register(handler);
  }
}

/**
 * A page's own commands while it is open (spec §3's page priority: after the global commands, so
 * "打开首页" still opens the home page). Returns the unregister, for the page's unmount.
 */
export function registerPageCommands(id: string, match: (text: string) => CommandMatch | null): () => void {
  return assistantRegistry.register({ id, priority: HandlerPriority.page, status: 'active', match });
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
    void speechOutput.speak(tr(`speechInput.${voiceInputMissing()}`));
    return () => undefined;
  }
  const streaming = provider !== 'cloud-mse' && provider !== 'cloud-realtime';
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    // a recorder uploads what it heard when stopped: its result still counts (and ends this)
    if (input.resultAfterStop && input.isListening()) return input.stop();
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
