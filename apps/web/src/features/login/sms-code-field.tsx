import { SMS_RESEND_SECONDS } from '@sfm/protocol';
import { useCallback, useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field.tsx';
import { LOGIN_NS } from '../../i18n/login/index.ts';

/** Seconds until another code may be asked for; `restart` with the server's wait once one was sent. */
export function useResendCountdown(): [number, (seconds: number) => void] {
  const [countdown, setCountdown] = useState(0);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);
  // a server that names no wait gets the spec's
  const restart = useCallback(
    (seconds: number) => setCountdown(seconds > 0 ? seconds : SMS_RESEND_SECONDS),
    [],
  );
  return [countdown, restart];
}

interface SmsCodeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Where the code goes, when the form has no phone field of its own. */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Seconds before "send code" works again (useResendCountdown). */
  countdown: number;
  /** A code is being asked for: the button waits. */
  sending: boolean;
  onSend: () => void;
}

/** The SMS code, with its "send code" button that counts down to when it may be asked again. */
export function SmsCodeField({
  id,
  value,
  onChange,
  error,
  hint,
  inputRef,
  countdown,
  sending,
  onSend,
}: SmsCodeFieldProps) {
  const { t } = useTranslation(LOGIN_NS);
  return (
    <TextField
      id={id}
      label={t('code')}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      inputRef={inputRef}
      addon={
        <button
          type="button"
          className="button button--secondary field__addon"
          disabled={countdown > 0 || sending}
          onClick={onSend}
        >
          {countdown > 0 ? t('resendIn', { s: countdown }) : t('sendCode')}
        </button>
      }
    />
  );
}
