import type { HandlerRegistry } from './handler-registry.ts';
import { setAssistantStatus } from './assistant-status.ts';

export interface AssistantSpeech {
  speak(text: string): Promise<void>;
}

export interface VoiceAssistantDeps {
  registry: HandlerRegistry;
  speech: AssistantSpeech;
  t: (key: string, params?: Record<string, unknown>) => string;
}

export type AssistantOutcome = 'ignored' | 'notUnderstood' | 'success' | 'failure';

/**
 * Turns a recognised sentence into a command: the registry picks the handler, the banner says
 * "executing {command}", and success / failure / not understood are shown and spoken.
 */
export class VoiceAssistant {
  constructor(private readonly deps: VoiceAssistantDeps) {}

  ready(): void {
    setAssistantStatus('idle');
  }

  listening(): void {
    setAssistantStatus('listening');
  }

  async handle(text: string, options: { streaming?: boolean } = {}): Promise<AssistantOutcome> {
    const clean = text.trim();
    if (!clean) return 'ignored';
    if (options.streaming && [...clean].length < 3) return 'ignored';
    const match = this.deps.registry.resolve(clean, options);
    const { t, speech } = this.deps;
    if (!match) {
      setAssistantStatus('notUnderstood');
      await speech.speak(t('assistant.status.notUnderstood'));
      return 'notUnderstood';
    }
    setAssistantStatus('executing', match.command);
    try {
      await match.run();
    } catch (error) {
      console.warn('assistant command failed:', error);
      setAssistantStatus('failure', match.command);
      await speech.speak(t('assistant.status.failure'));
      return 'failure';
    }
    setAssistantStatus('success', match.command);
    if (!match.quiet) await speech.speak(t('assistant.status.success'));
    return 'success';
  }
}
