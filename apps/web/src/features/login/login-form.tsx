import { type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_NS } from '../../i18n/login/index.ts';
import type { FieldRefs } from './form-feedback.ts';
import { VIEW_TEXT, type LoginField, type LoginValues, type LoginView } from './login-views.ts';
import { SmsCodeField } from './sms-code-field.tsx';
import { TextField } from './text-field.tsx';
import type { FieldErrors } from './validation.ts';

export interface LoginFormProps {
  view: LoginView;
  values: LoginValues;
  onChange: (field: LoginField) => (value: string) => void;
  errors: FieldErrors<LoginField>;
  fieldRefs: FieldRefs<LoginField>;
  alertText: string;
  busy: boolean;
  submitRef: RefObject<HTMLButtonElement | null>;
  /** Kept by the page, so that it holds when the user moves between views. */
  showPassword: boolean;
  onToggleShowPassword: () => void;
  /** Seconds until the SMS code may be sent again (0: now). */
  countdown: number;
  sending: boolean;
  onSendCode: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The fields of one login view (phone, then the view's own), its alert and its submit button. */
export function LoginForm({
  view,
  values,
  onChange,
  errors,
  fieldRefs,
  alertText,
  busy,
  submitRef,
  showPassword,
  onToggleShowPassword,
  countdown,
  sending,
  onSendCode,
  onSubmit,
}: LoginFormProps) {
  const { t } = useTranslation(LOGIN_NS);

  const passwordField = (field: 'password' | 'newPassword') => (
    <TextField
      id={field === 'password' ? 'login-password' : 'login-new-password'}
      label={t(field === 'password' ? 'password' : 'newPassword')}
      value={values[field]}
      onChange={onChange(field)}
      error={errors[field]}
      type={showPassword ? 'text' : 'password'}
      autoComplete={view === 'password' ? 'current-password' : 'new-password'}
      inputRef={fieldRefs[field]}
      addon={
        <button
          type="button"
          className="button button--secondary field__addon"
          aria-pressed={showPassword}
          onClick={onToggleShowPassword}
        >
          {t('showPassword')}
        </button>
      }
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="form">
      <TextField
        id="login-phone"
        label={t('phone')}
        value={values.phone}
        onChange={onChange('phone')}
        error={errors.phone}
        inputMode="numeric"
        autoComplete="tel"
        inputRef={fieldRefs.phone}
      />
      {view !== 'password' ? (
        <SmsCodeField
          id="login-code"
          value={values.code}
          onChange={onChange('code')}
          error={errors.code}
          inputRef={fieldRefs.code}
          countdown={countdown}
          sending={sending}
          onSend={onSendCode}
        />
      ) : null}
      {view === 'password' || view === 'register' ? passwordField('password') : null}
      {view === 'reset' ? passwordField('newPassword') : null}
      {view === 'register' ? (
        <TextField
          id="login-nickname"
          label={t('nickname')}
          value={values.nickname}
          onChange={onChange('nickname')}
          error={errors.nickname}
          autoComplete="nickname"
          inputRef={fieldRefs.nickname}
        />
      ) : null}

      <div role="alert" id="login-alert" className="form__alert">
        {alertText}
      </div>

      <button
        ref={submitRef}
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        aria-busy={busy}
      >
        {t(VIEW_TEXT[view].submit)}
      </button>
    </form>
  );
}
