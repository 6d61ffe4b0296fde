import { SmsLoginRequest, SmsSendRequest } from '@sfm/protocol';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, NetworkError, type ApiFailure } from '../../api/http-client.ts';
import { useSession } from '../../session/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { SmsCodeField, useResendCountdown } from './sms-code-field.tsx';
import { TextField } from './text-field.tsx';
import { firstError, normalizePhone, validateWith, type FieldErrors } from './validation.ts';
import { LOGIN_NS } from '../../i18n/login/index.ts';

type Field = 'phone' | 'code';
const ORDER: readonly Field[] = ['phone', 'code'];

/**
 * Binds a phone to an account made by a social login, with the SMS code of the login page. Errors
 * sit under their fields and are said; the personal centre shows the masked phone once it is bound.
 */
export function BindPhoneForm() {
  const { t } = useTranslation(LOGIN_NS);
  const announce = useAnnounce();
  const setUser = useSession((s) => s.setUser);
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [countdown, restartCountdown] = useResendCountdown();
  const [busy, setBusy] = useState(false);

  const report = (found: FieldErrors<Field>) => {
    setErrors(found);
    const first = firstError(found, ORDER);
    if (first) announce(found[first] ?? '', { assertive: true });
  };
  /** A refusal about the phone (taken, already bound, malformed) goes under it, any other under the code. */
  const reportFailure = (answer: ApiFailure) =>
    report({
      [answer.data?.field === 'phone' || answer.data?.error.startsWith('phone') ? 'phone' : 'code']:
        answer.message,
    });
  const reportThrown = (error: unknown) =>
    report({ code: error instanceof NetworkError ? error.message : t('network.failed') });
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const sendCode = async () => {
    const body = { phone: normalizePhone(values.phone) };
    const found = validateWith<Field>(SmsSendRequest, body);
    if (firstError(found, ORDER)) return report(found);
    setBusy(true);
    try {
      const answer = await api.call('smsSend', body);
      if (!answer.ok) return reportFailure(answer);
      setErrors({});
      restartCountdown(answer.data.resendAfterSeconds);
      announce(t('codeSent'));
    } catch (error) {
      reportThrown(error);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { phone: normalizePhone(values.phone), code: values.code.trim() };
    const found = validateWith<Field>(SmsLoginRequest, body);
    if (firstError(found, ORDER)) return report(found);
    setBusy(true);
    try {
      const answer = await api.call('bindPhone', body);
      if (!answer.ok) return reportFailure(answer);
      setUser(answer.data);
      announce(t('social.phoneBound'));
    } catch (error) {
      reportThrown(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('social.bindPhone')}</h3>
      <TextField
        id={`${id}-phone`}
        label={t('phone')}
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        inputMode="numeric"
        autoComplete="tel"
      />
      <SmsCodeField
        id={`${id}-code`}
        value={values.code}
        onChange={set('code')}
        error={errors.code}
        countdown={countdown}
        sending={busy}
        onSend={() => void sendCode()}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {t('social.bindPhone')}
      </button>
    </form>
  );
}
