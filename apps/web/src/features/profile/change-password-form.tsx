import { PasswordChangeRequest, type User } from '@sfm/protocol';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, NetworkError } from '../../api/http-client.ts';
import { useSession } from '../../session/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import {
  failureReporters,
  firstError,
  SmsCodeField,
  TextField,
  useAlertText,
  useFieldErrors,
  useResendCountdown,
  useSubmitRefocus,
  validateWith,
} from '../login/index.ts';
import { maskPhone } from './mask-phone.ts';
import { LOGIN_NS } from '../../i18n/login/index.ts';
import { PROFILE_NS } from '../../i18n/profile/index.ts';

/** How the user proves it is them: the current password, or a code sent to the account's phone. */
type Proof = 'password' | 'code';
type Field = 'currentPassword' | 'code' | 'newPassword';

const FIELD_ORDER: Record<Proof, readonly Field[]> = {
  password: ['currentPassword', 'newPassword'],
  code: ['code', 'newPassword'],
};

const EMPTY: Record<Field, string> = { currentPassword: '', code: '', newPassword: '' };

/**
 * 修改密码, behind a disclosure button: proven by the current password or, when the account has a
 * phone, by an SMS code to it (an account made by SMS login has no password to give). The server
 * answers with a new session for this device, every other one ended: it is stored at once.
 */
export function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation(PROFILE_NS);
  const announce = useAnnounce();
  const setSession = useSession((s) => s.setSession);
  const id = useId();
  const formId = `${id}-form`;
  const methodHintId = `${id}-method-hint`;

  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState<Proof>('password');
  const [values, setValues] = useState(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [countdown, restartCountdown] = useResendCountdown();
  const [alertText, showAlert] = useAlertText();
  const [changed, setChanged] = useState(false);

  const currentPasswordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { errors, report, clear, clearField } = useFieldErrors<Field>({
    currentPassword: currentPasswordRef,
    code: codeRef,
    newPassword: newPasswordRef,
  });
  const { submitRef, refocusAfter } = useSubmitRefocus(busy);
  /** The form closed by the user or by success: focus goes back to the button that opened it. */
  const refocusToggle = useRef(false);

  useEffect(() => {
    if (!open && refocusToggle.current) {
      refocusToggle.current = false;
      toggleRef.current?.focus();
    }
  }, [open]);

  const phone = user.phone;
  // without a phone (a social login's account) there is no code to prove anything with
  const activeProof: Proof = phone ? proof : 'password';

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearField(field);
  };

  const reset = () => {
    setValues(EMPTY);
    clear();
    showAlert('');
  };

  const toggle = () => {
    if (open) {
      reset();
      refocusToggle.current = true;
    }
    setChanged(false);
    setOpen(!open);
  };

  const chooseProof = (next: Proof) => {
    setProof(next);
    clear();
    showAlert('');
  };

  const { reportErrors, reportFailure } = failureReporters(report, showAlert, FIELD_ORDER[activeProof]);

  const failureText = (error: unknown) =>
    error instanceof NetworkError ? error.message : t('network.failed');

  const sendCode = async () => {
    if (!phone) return;
    setSending(true);
    try {
      const answer = await api.call('smsSend', { phone });
      if (answer.ok) {
        restartCountdown(answer.data.resendAfterSeconds);
        announce(t('codeSent', { ns: LOGIN_NS }));
        codeRef.current?.focus();
      } else {
        reportFailure(answer);
      }
    } catch (error) {
      showAlert(failureText(error));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const order = FIELD_ORDER[activeProof];
    const body =
      activeProof === 'password'
        ? { currentPassword: values.currentPassword, newPassword: values.newPassword }
        : { code: values.code.trim(), newPassword: values.newPassword };
    const found = validateWith<Field>(PasswordChangeRequest, body);
    if (firstError(found, order)) {
      reportErrors(found, order);
      return;
    }
    clear();
    showAlert('');
    setBusy(true);
    const endStatus = announce(t('security.submitting'));
    try {
      const answer = await api.call('changePassword', body);
      if (answer.ok) {
        // the old tokens no longer work: this device goes on with the new pair
        setSession(answer.data);
        announce(t('security.changed'));
        reset();
        setChanged(true);
        refocusToggle.current = true;
        setOpen(false);
        return;
      }
      refocusAfter(!reportFailure(answer));
    } catch (error) {
      refocusAfter(true);
      showAlert(failureText(error));
    } finally {
      endStatus();
      setBusy(false);
    }
  };

  const passwordField = (field: 'currentPassword' | 'newPassword') => (
    <TextField
      id={`${id}-${field}`}
      label={t(`security.${field}`)}
      value={values[field]}
      onChange={set(field)}
      error={errors[field]}
      type={showPassword ? 'text' : 'password'}
      autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
      inputRef={field === 'currentPassword' ? currentPasswordRef : newPasswordRef}
      addon={
        <button
          type="button"
          className="button button--secondary field__addon"
          aria-pressed={showPassword}
          onClick={() => setShowPassword((v) => !v)}
        >
          {t('showPassword', { ns: LOGIN_NS })}
        </button>
      }
    />
  );

  return (
    <div className="change-password">
      <button
        ref={toggleRef}
        type="button"
        className="button button--secondary button--block"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={toggle}
      >
        {t('security.changePassword')}
      </button>
      {changed ? <p>{t('security.changed')}</p> : null}
      {open ? (
        <form id={formId} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          {phone ? (
            <fieldset className="field change-password__proof" aria-describedby={methodHintId}>
              <legend className="field__label">{t('security.method')}</legend>
              <p id={methodHintId} className="field__hint">
                {t('security.methodHint')}
              </p>
              {(['password', 'code'] as const).map((option) => (
                <label key={option} className="check">
                  <input
                    type="radio"
                    className="check__box"
                    name={`${id}-proof`}
                    value={option}
                    checked={activeProof === option}
                    onChange={() => chooseProof(option)}
                  />
                  <span>{t(option === 'password' ? 'security.byPassword' : 'security.byCode')}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {activeProof === 'password' ? (
            passwordField('currentPassword')
          ) : (
            <SmsCodeField
              id={`${id}-code`}
              value={values.code}
              onChange={set('code')}
              error={errors.code}
              hint={t('security.codeTo', { phone: maskPhone(phone ?? '') })}
              inputRef={codeRef}
              countdown={countdown}
              sending={sending}
              onSend={() => void sendCode()}
            />
          )}
          {passwordField('newPassword')}

          <div role="alert" className="form__alert">
            {alertText}
          </div>

          <button
            ref={submitRef}
            type="submit"
            className="button button--primary button--block"
            disabled={busy}
            aria-busy={busy}
          >
            {t('security.submit')}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={toggle}>
            {t('security.cancel')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
