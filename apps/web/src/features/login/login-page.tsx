import {
  LoginRequest,
  PasswordResetRequest,
  RegisterRequest,
  SmsLoginRequest,
  SmsSendRequest,
  type AuthSession,
} from '@sfm/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { api, NetworkError, type ApiFailure } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { focusPageHeading, Page } from '../../ui/page.tsx';
import { TabList, tabId, type TabListHandle } from '../../ui/tab-list.tsx';
import { takeSessionEndedNotice, useSession } from '../../session/index.ts';
import { safeRedirect } from '../../ui/routes.ts';
import { afterLoginTarget } from './after-login.ts';
import { failureReporters, useAlertText, useFieldErrors, useSubmitRefocus } from './form-feedback.ts';
import { SocialLoginButton } from './social-login-button.tsx';
import { SmsCodeField, useResendCountdown } from './sms-code-field.tsx';
import { TextField } from './text-field.tsx';
import { firstError, normalizePhone, validateWith, type FieldErrors } from './validation.ts';
import { LOGIN_NS } from '../../i18n/login/index.ts';

type LoginTab = 'password' | 'sms' | 'register';
const LOGIN_TABS: readonly LoginTab[] = ['password', 'sms', 'register'];
/** The three tabs, and the forgotten password's own view (reached from the password tab, no tabs). */
type LoginView = LoginTab | 'reset';
type Field = 'phone' | 'password' | 'nickname' | 'code' | 'newPassword';

const FIELD_ORDER: Record<LoginView, readonly Field[]> = {
  password: ['phone', 'password'],
  sms: ['phone', 'code'],
  register: ['phone', 'code', 'password', 'nickname'],
  reset: ['phone', 'code', 'newPassword'],
};

const TAB_LABEL: Record<LoginTab, string> = {
  password: 'tabPassword',
  sms: 'tabSms',
  register: 'tabRegister',
};

/** Each view's title, submit button, progress status and success, by message key. */
const VIEW_TEXT: Record<LoginView, { title: string; submit: string; submitting: string; success: string }> = {
  password: {
    title: 'titleLogin',
    submit: 'submitLogin',
    submitting: 'submittingLogin',
    success: 'success',
  },
  sms: {
    title: 'titleLogin',
    submit: 'submitLogin',
    submitting: 'submittingLogin',
    success: 'success',
  },
  register: {
    title: 'titleRegister',
    submit: 'submitRegister',
    submitting: 'submittingRegister',
    success: 'registerSuccess',
  },
  reset: {
    title: 'titleReset',
    submit: 'submitReset',
    submitting: 'submittingReset',
    success: 'resetSuccess',
  },
};

const loginPanelId = (tab: LoginTab) => `login-panel-${tab}`;

type SessionAnswer = { ok: true; data: AuthSession } | ApiFailure;

export function LoginPage() {
  const { t } = useTranslation(LOGIN_NS);
  const [, navigate] = useLocation();
  const announce = useAnnounce();
  const [params] = useSearchParams();
  const setSession = useSession((s) => s.setSession);

  const [view, setView] = useState<LoginView>('password');
  const [values, setValues] = useState<Record<Field, string>>({
    phone: '',
    password: '',
    nickname: '',
    code: '',
    newPassword: '',
  });
  const [alertText, showAlert] = useAlertText();
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [countdown, restartCountdown] = useResendCountdown();
  const [sending, setSending] = useState(false);

  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const nicknameRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const fieldRefs = {
    phone: phoneRef,
    password: passwordRef,
    nickname: nicknameRef,
    code: codeRef,
    newPassword: newPasswordRef,
  };
  const { errors, report, clear: clearErrors, clearField } = useFieldErrors<Field>(fieldRefs);
  const { submitRef, refocusAfter } = useSubmitRefocus(busy);
  const tabsRef = useRef<TabListHandle<LoginTab>>(null);
  /** Where focus goes once a view change is on screen: the reset's heading, or back to its tab. */
  const focusAfterViewChange = useRef<'heading' | 'password-tab' | null>(null);

  // landed here because the session was ended (a ban): why, once, shown and said
  useEffect(() => {
    const reason = takeSessionEndedNotice();
    if (!reason) return;
    showAlert(reason);
    // the app's voice, loaded only for this news (the login page does not speak otherwise)
    void import('../speech/index.ts').then(({ readSpeakWithScreenReader, speechOutput }) => {
      if (!readSpeakWithScreenReader()) void speechOutput.speak(reason);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  useEffect(() => {
    const target = focusAfterViewChange.current;
    focusAfterViewChange.current = null;
    if (target === 'heading') focusPageHeading();
    else if (target === 'password-tab') tabsRef.current?.focus('password');
  }, [view]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearField(field);
  };

  const selectView = (next: LoginView) => {
    setView(next);
    clearErrors();
    showAlert('');
  };

  const openReset = () => {
    focusAfterViewChange.current = 'heading';
    selectView('reset');
  };

  const closeReset = () => {
    focusAfterViewChange.current = 'password-tab';
    selectView('password');
  };

  const { reportErrors, reportFailure } = failureReporters(report, showAlert, FIELD_ORDER[view]);

  const sendCode = async () => {
    const phone = normalizePhone(values.phone);
    const found = validateWith<Field>(SmsSendRequest, { phone });
    if (firstError(found, ['phone'])) {
      reportErrors(found, ['phone']);
      return;
    }
    setSending(true);
    try {
      const answer = await api.call('smsSend', { phone });
      if (answer.ok) {
        restartCountdown(answer.data.resendAfterSeconds);
        announce(t('codeSent'));
        codeRef.current?.focus();
      } else {
        reportFailure(answer);
      }
    } catch (error) {
      showAlert(error instanceof NetworkError ? error.message : t('network.failed'));
    } finally {
      setSending(false);
    }
  };

  const request = (): { found: FieldErrors<Field>; run: () => Promise<SessionAnswer> } => {
    const phone = normalizePhone(values.phone);
    const code = values.code.trim();
    switch (view) {
      case 'password': {
        const body = { phone, password: values.password };
        return { found: validateWith<Field>(LoginRequest, body), run: () => api.call('login', body) };
      }
      case 'sms': {
        const body = { phone, code };
        return { found: validateWith<Field>(SmsLoginRequest, body), run: () => api.call('smsLogin', body) };
      }
      case 'register': {
        const nickname = values.nickname.trim();
        const body = nickname
          ? { phone, code, password: values.password, nickname }
          : { phone, code, password: values.password };
        return { found: validateWith<Field>(RegisterRequest, body), run: () => api.call('register', body) };
      }
      case 'reset': {
        const body = { phone, code, newPassword: values.newPassword };
        return {
          found: validateWith<Field>(PasswordResetRequest, body),
          run: () => api.call('passwordReset', body),
        };
      }
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const order = FIELD_ORDER[view];
    const { found, run } = request();
    if (firstError(found, order)) {
      reportErrors(found, order);
      return;
    }
    clearErrors();
    showAlert('');
    setBusy(true);
    // the progress status is withdrawn when the request ends, unless the outcome replaced it
    const endStatus = announce(t(VIEW_TEXT[view].submitting));
    try {
      const answer = await run();
      if (answer.ok) {
        setSession(answer.data);
        announce(t(VIEW_TEXT[view].success));
        navigate(afterLoginTarget(params.get('redirect'), answer.data.user.userType), { replace: true });
        return;
      }
      refocusAfter(!reportFailure(answer));
    } catch (error) {
      refocusAfter(true);
      showAlert(error instanceof NetworkError ? error.message : t('network.failed'));
    } finally {
      endStatus();
      setBusy(false);
    }
  };

  const passwordField = (field: 'password' | 'newPassword') => (
    <TextField
      id={field === 'password' ? 'login-password' : 'login-new-password'}
      label={t(field === 'password' ? 'password' : 'newPassword')}
      value={values[field]}
      onChange={set(field)}
      error={errors[field]}
      type={showPassword ? 'text' : 'password'}
      autoComplete={view === 'password' ? 'current-password' : 'new-password'}
      inputRef={fieldRefs[field]}
      addon={
        <button
          type="button"
          className="button button--secondary field__addon"
          aria-pressed={showPassword}
          onClick={() => setShowPassword((v) => !v)}
        >
          {t('showPassword')}
        </button>
      }
    />
  );

  const form = (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="form">
      <TextField
        id="login-phone"
        label={t('phone')}
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        inputMode="numeric"
        autoComplete="tel"
        inputRef={phoneRef}
      />
      {view !== 'password' ? (
        <SmsCodeField
          id="login-code"
          value={values.code}
          onChange={set('code')}
          error={errors.code}
          inputRef={codeRef}
          countdown={countdown}
          sending={sending}
          onSend={() => void sendCode()}
        />
      ) : null}
      {view === 'password' || view === 'register' ? passwordField('password') : null}
      {view === 'reset' ? passwordField('newPassword') : null}
      {view === 'register' ? (
        <TextField
          id="login-nickname"
          label={t('nickname')}
          value={values.nickname}
          onChange={set('nickname')}
          error={errors.nickname}
          autoComplete="nickname"
          inputRef={nicknameRef}
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

  if (view === 'reset') {
    return (
      <Page title={t(VIEW_TEXT.reset.title)} className="login">
        <p>{t('resetIntro')}</p>
        {form}
        <button type="button" className="button button--secondary button--block" onClick={closeReset}>
          {t('backToLogin')}
        </button>
      </Page>
    );
  }

  return (
    <Page title={t(VIEW_TEXT[view].title)} className="login">
      <TabList
        ref={tabsRef}
        label={t('tabsLabel')}
        tabs={LOGIN_TABS.map((id) => ({ id, label: t(TAB_LABEL[id]) }))}
        selected={view}
        onSelect={selectView}
        idPrefix="login"
        panel={loginPanelId}
      />

      <div
        role="tabpanel"
        id={loginPanelId(view)}
        aria-labelledby={tabId('login', view)}
        className="tabs__panel"
      >
        {form}
        {view === 'password' ? (
          <button type="button" className="button button--secondary button--block" onClick={openReset}>
            {t('forgotPassword')}
          </button>
        ) : null}
      </div>
      <SocialLoginButton redirect={safeRedirect(params.get('redirect'))} />
    </Page>
  );
}
