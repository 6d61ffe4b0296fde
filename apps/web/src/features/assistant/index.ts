/**
 * The voice assistant's public face: its button, the page list the app gives it, a page's own
 * commands, scene-mode requests.
 */
export { registerGlobalCommands, registerPageCommands } from './assistant-instance.ts';
export { onSceneModeRequest } from './scene-mode-requests.ts';
export { VoiceCommandButton } from './voice-command-button.tsx';
