import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoiceInputAvailable } from '../speech/index.ts';
import { listenForCommand, voiceAssistant } from './assistant-instance.ts';
import { AssistantStatusBanner } from './assistant-status-banner.tsx';
import { useAssistantStatus } from './assistant-status.ts';

/**
 * The voice assistant's entry point on every page: one toggle that listens for a single spoken
 * command, and the assistant's status beside it (spec §4 "Assistant status banner").
 */
export function VoiceCommandButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const stopListening = useRef<(() => void) | null>(null);
  const [listening, setListening] = useState(false);
  const status = useAssistantStatus((s) => s.status);
  const available = useVoiceInputAvailable();

  // The assistant stops by itself after a command: mirror that in the toggle.
  useEffect(() => {
    if (status !== 'listening' && stopListening.current && listening) {
      stopListening.current = null;
      setListening(false);
    }
  }, [status, listening]);
  useEffect(() => {
    if (useAssistantStatus.getState().status === 'starting') voiceAssistant.ready();
    return () => stopListening.current?.();
  }, []);

  const toggle = () => {
    // nothing can hear the user here: say so (listenForCommand does), and stay off
    if (!available) return void listenForCommand();
    if (stopListening.current) {
      stopListening.current();
      stopListening.current = null;
      setListening(false);
      return;
    }
    stopListening.current = listenForCommand();
    setListening(true);
  };

  return (
    <div className={['voice-command', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="button button--primary"
        aria-pressed={available ? listening : undefined}
        onClick={toggle}
      >
        {available ? t('assistant.voiceCommand') : t('assistant.voiceCommandUnavailable')}
      </button>
      <AssistantStatusBanner />
    </div>
  );
}
