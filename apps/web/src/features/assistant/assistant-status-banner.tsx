import { useTranslation } from 'react-i18next';
import { assistantStatusKey, useAssistantStatus } from './assistant-status.ts';

/** Spec §4: the assistant's status, as a polite live region (rendered empty first, then filled). */
export function AssistantStatusBanner() {
  const { t } = useTranslation();
  const { status, command } = useAssistantStatus();
  const text =
    status === 'executing'
      ? t('assistant.status.executing', { command: command ?? '' })
      : t(assistantStatusKey(status));
  return (
    <p role="status" aria-live="polite" className="assistant-banner" data-assistant-status={status}>
      {text}
    </p>
  );
}
