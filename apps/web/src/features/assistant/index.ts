export {
  HandlerRegistry,
  HandlerPriority,
  HandlerAlreadyRegisteredError,
  STREAMING_MIN_CHARS,
} from './handler-registry.ts';
export type { CommandHandler, CommandMatch, HandlerStatus } from './handler-registry.ts';
export {
  useAssistantStatus,
  setAssistantStatus,
  ASSISTANT_RESET_MS,
  type AssistantStatus,
} from './assistant-status.ts';
export { AssistantStatusBanner } from './assistant-status-banner.tsx';
export { VoiceAssistant } from './voice-assistant.ts';
export { createGlobalHandlers, PAGE_TARGETS } from './global-commands.ts';
export { requestSceneMode, onSceneModeRequest } from './scene-mode-requests.ts';
export { voiceAssistant, assistantRegistry, listenForCommand } from './assistant-instance.ts';
