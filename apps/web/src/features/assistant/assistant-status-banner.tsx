import { useTranslation } from 'react-i18next';
import { useSpeakWithScreenReader } from '../speech/index.ts';
import { assistantStatusKey, isSpokenOutcome, useAssistantStatus } from './assistant-status.ts';

/**
 * Spec §4: the assistant's status, as a polite live region (rendered empty first, then filled). Its
 * resting state ("主人我在") is shown, not announced: every page has the banner, and a screen-reader
 * user would hear it on each. The outcomes are also spoken: with the screen reader as the app's voice
 * the banner does not announce those a second time (they stay on screen, to be read by browsing);
 * the other states it still does.
 */
export function AssistantStatusBanner() {
  const { t } = useTranslation();
  const { status, command } = useAssistantStatus();
  const speakWithScreenReader = useSpeakWithScreenReader();
  const text =
    status === 'executing'
      ? t('assistant.status.executing', { command: command ?? '' })
      : t(assistantStatusKey(status));
  return (
    <p
      role="status"
      aria-live={status === 'idle' || (speakWithScreenReader && isSpokenOutcome(status)) ? 'off' : 'polite'}
      className="assistant-banner"
      data-assistant-status={status}
    >
      {text}
    </p>
  );
}
