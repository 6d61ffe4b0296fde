import {
  LoginRequest,
  RegisterRequest,
  SmsLoginRequest,
  SmsSendRequest,
  type AuthSession,
} from '@sfm/protocol';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { api, NetworkError, type ApiFailure } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { TabList, tabId } from '../../ui/tab-list.tsx';
import { useSession } from '../../session/index.ts';
import { safeRedirect } from '../../ui/routes.ts';
import { afterLoginTarget } from './after-login.ts';
import { SocialLoginButton } from './social-login-button.tsx';
import { SmsCodeField, useResendCountdown } from './sms-code-field.tsx';
import { TextField } from './text-field.tsx';
import { firstError, normalizePhone, validateWith, type FieldErrors } from './validation.ts';

type LoginTab = 'password' | 'sms' | 'register';
const LOGIN_TABS: readonly LoginTab[] = ['password', 'sms', 'register'];
type Field = 'phone' | 'password' | 'nickname' | 'code';

const FIELD_ORDER: Record<LoginTab, readonly Field[]> = {
  password: ['phone', 'password'],
  sms: ['phone', 'code'],
  register: ['phone', 'password', 'nickname'],
};

const TAB_LABEL: Record<LoginTab, string> = {
  password: 'login.tabPassword',
  sms: 'login.tabSms',
  register: 'login.tabRegister',
};

const loginPanelId = (tab: LoginTab) => `login-panel-${tab}`;

type SessionAnswer = { ok: true; data: AuthSession } | ApiFailure;

/** Clears then sets on the next frame, so the same text is announced again. */
function useAlertText(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const show = (next: string) => {
    setText('');
    requestAnimationFrame(() => setText(next));
  };
  return [text, show];
}

export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const announce = useAnnounce();
  const [params] = useSearchParams();
  const setSession = useSession((s) => s.setSession);

  const [tab, setTab] = useState<LoginTab>('password');
  const [values, setValues] = useState<Record<Field, string>>({
    phone: '',
    password: '',
    nickname: '',
    code: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [alertText, showAlert] = useAlertText();
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [countdown, restartCountdown] = useResendCountdown();
  const [sending, setSending] = useState(false);

  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const nicknameRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const fieldRefs = { phone: phoneRef, password: passwordRef, nickname: nicknameRef, code: codeRef };
  const focusField = (field: Field) => fieldRefs[field].current?.focus();
  /** The invalid field to focus once its error is on screen, so the focus reads it (aria-describedby). */
  const invalidField = useRef<{ input: RefObject<HTMLInputElement | null>; message: string } | null>(null);
  const withdrawFieldError = useRef<() => void>(() => undefined);
  const submitRef = useRef<HTMLButtonElement>(null);
  const refocusSubmit = useRef(false);

  useEffect(() => {
    const invalid = invalidField.current;
    if (!invalid) return;
    invalidField.current = null;
    const input = invalid.input.current;
    // focus already there: moving it reads nothing, so the error is said once through the alert region
    if (input === document.activeElement)
      withdrawFieldError.current = announce(invalid.message, { assertive: true });
    else input?.focus();
  }, [errors, announce]);

  useEffect(() => {
    if (!busy && refocusSubmit.current) {
      refocusSubmit.current = false;
      submitRef.current?.focus();
    }
  }, [busy]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) {
      withdrawFieldError.current();
      setErrors((e) => ({ ...e, [field]: undefined }));
    }
  };

  const clearErrors = () => {
    withdrawFieldError.current();
    setErrors({});
  };

  const selectTab = (next: LoginTab) => {
    setTab(next);
    clearErrors();
    showAlert('');
  };

  /** Field errors show once, under their fields (not in the form's alert); focus goes to the first. */
  const reportErrors = (found: FieldErrors<Field>, order: readonly Field[]) => {
    withdrawFieldError.current();
    showAlert('');
    setErrors(found);
    const first = firstError(found, order);
    invalidField.current = first ? { input: fieldRefs[first], message: found[first] ?? '' } : null;
  };

  /** A failure about a field of this form goes under it, any other to the form's alert. True for a field. */
  const reportFailure = (answer: ApiFailure): boolean => {
    const field = answer.data?.field as Field | undefined;
    if (field && FIELD_ORDER[tab].includes(field)) {
      reportErrors({ [field]: answer.message }, [field]);
      return true;
    }
    showAlert(answer.message);
    return false;
  };

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
        announce(t('login.codeSent'));
        focusField('code');
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
    switch (tab) {
      case 'password': {
        const body = { phone, password: values.password };
        return { found: validateWith<Field>(LoginRequest, body), run: () => api.call('login', body) };
      }
      case 'sms': {
        const body = { phone, code: values.code.trim() };
        return { found: validateWith<Field>(SmsLoginRequest, body), run: () => api.call('smsLogin', body) };
      }
      case 'register': {
        const nickname = values.nickname.trim();
        const body = nickname
          ? { phone, password: values.password, nickname }
          : { phone, password: values.password };
        return { found: validateWith<Field>(RegisterRequest, body), run: () => api.call('register', body) };
      }
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const order = FIELD_ORDER[tab];
    const { found, run } = request();
    if (firstError(found, order)) {
      reportErrors(found, order);
      return;
    }
    clearErrors();
    showAlert('');
    setBusy(true);
    // the progress status is withdrawn when the request ends, unless the outcome replaced it
    const endStatus = announce(t(tab === 'register' ? 'login.submittingRegister' : 'login.submittingLogin'));
    try {
      const answer = await run();
      if (answer.ok) {
        setSession(answer.data);
        announce(t(tab === 'register' ? 'login.registerSuccess' : 'login.success'));
        navigate(afterLoginTarget(params.get('redirect'), answer.data.user.userType), { replace: true });
        return;
      }
      refocusSubmit.current = !reportFailure(answer);
    } catch (error) {
      refocusSubmit.current = true;
      showAlert(error instanceof NetworkError ? error.message : t('network.failed'));
    } finally {
      endStatus();
      setBusy(false);
    }
  };

  const isRegister = tab === 'register';

  return (
    <Page title={t(isRegister ? 'login.titleRegister' : 'login.titleLogin')} className="login">
      <TabList
        label={t('login.tabsLabel')}
        tabs={LOGIN_TABS.map((id) => ({ id, label: t(TAB_LABEL[id]) }))}
        selected={tab}
        onSelect={selectTab}
        idPrefix="login"
        panel={loginPanelId}
      />

      <div
        role="tabpanel"
        id={loginPanelId(tab)}
        aria-labelledby={tabId('login', tab)}
        className="tabs__panel"
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="form">
          <TextField
            id="login-phone"
            label={t('login.phone')}
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
            inputMode="numeric"
            autoComplete="tel"
            inputRef={phoneRef}
          />
          {tab !== 'sms' ? (
            <TextField
              id="login-password"
              label={t('login.password')}
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              type={showPassword ? 'text' : 'password'}
              autoComplete={isRegister ? 'new-password' : 'current-password'}
              inputRef={passwordRef}
              addon={
                <button
                  type="button"
                  className="button button--secondary field__addon"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {t('login.showPassword')}
                </button>
              }
            />
          ) : null}
          {isRegister ? (
            <TextField
              id="login-nickname"
              label={t('login.nickname')}
              value={values.nickname}
              onChange={set('nickname')}
              error={errors.nickname}
              autoComplete="nickname"
              inputRef={nicknameRef}
            />
          ) : null}
          {tab === 'sms' ? (
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
            {t(isRegister ? 'login.submitRegister' : 'login.submitLogin')}
          </button>
        </form>
      </div>
      <SocialLoginButton redirect={safeRedirect(params.get('redirect'))} />
    </Page>
  );
}
