import { create } from 'zustand';

/** Spec §4 assistant status banner. */
export type AssistantStatus =
  'starting' | 'idle' | 'listening' | 'executing' | 'success' | 'failure' | 'notUnderstood';

/** Spec §9: success, failure and not-understood return to idle after 3 s. */
export const ASSISTANT_RESET_MS = 3_000;

export interface AssistantStatusState {
  status: AssistantStatus;
  command: string | null;
}

export const useAssistantStatus = create<AssistantStatusState>()(() => ({
  status: 'starting',
  command: null,
}));

let resetTimer: ReturnType<typeof setTimeout> | null = null;

/** Success, failure and not-understood are spoken as well as shown (spec §4). */
export function isSpokenOutcome(status: AssistantStatus): boolean {
  return status === 'success' || status === 'failure' || status === 'notUnderstood';
}

/** Sets the banner; the three outcomes go back to idle after 3 s. */
export function setAssistantStatus(status: AssistantStatus, command: string | null = null): void {
  if (resetTimer) clearTimeout(resetTimer);
  resetTimer = null;
  useAssistantStatus.setState({ status, command });
  if (isSpokenOutcome(status)) {
    resetTimer = setTimeout(() => {
      resetTimer = null;
      useAssistantStatus.setState({ status: 'idle', command: null });
    }, ASSISTANT_RESET_MS);
  }
}

/** i18n key of the banner text for a status. */
export function assistantStatusKey(status: AssistantStatus): string {
  return `assistant.status.${status}`;
}
