import { SmsSendRequest } from '@sfm/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { api, NetworkError } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { focusPageHeading, Page } from '../../ui/page.tsx';
import { TabList, tabId, type TabListHandle } from '../../ui/tab-list.tsx';
import { takeSessionEndedNotice, useSession } from '../../session/index.ts';
import { safeRedirect } from '../../ui/routes.ts';
import { afterLoginTarget } from './after-login.ts';
import { failureReporters, useAlertText, useFieldErrors, useSubmitRefocus } from './form-feedback.ts';
import { LoginForm } from './login-form.tsx';
import { loginRequest } from './login-request.ts';
import {
  EMPTY_LOGIN_VALUES,
  FIELD_ORDER,
  LOGIN_TABS,
  loginPanelId,
  TAB_LABEL,
  VIEW_TEXT,
  type LoginField,
  type LoginTab,
  type LoginValues,
  type LoginView,
} from './login-views.ts';
import { SocialLoginButton } from './social-login-button.tsx';
import { useResendCountdown } from './sms-code-field.tsx';
import { firstError, normalizePhone, validateWith } from './validation.ts';
import { LOGIN_NS } from '../../i18n/login/index.ts';

export function LoginPage() {
  const { t } = useTranslation(LOGIN_NS);
  const [, navigate] = useLocation();
  const announce = useAnnounce();
  const [params] = useSearchParams();
  const setSession = useSession((s) => s.setSession);

  const [view, setView] = useState<LoginView>('password');
  const [values, setValues] = useState<LoginValues>(EMPTY_LOGIN_VALUES);
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
  const { errors, report, clear: clearErrors, clearField } = useFieldErrors<LoginField>(fieldRefs);
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

  const set = (field: LoginField) => (value: string) => {
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
    const found = validateWith<LoginField>(SmsSendRequest, { phone });
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const order = FIELD_ORDER[view];
    const { found, run } = loginRequest(view, values);
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

  const form = (
    <LoginForm
      view={view}
      values={values}
      onChange={set}
      errors={errors}
      fieldRefs={fieldRefs}
      alertText={alertText}
      busy={busy}
      submitRef={submitRef}
      showPassword={showPassword}
      onToggleShowPassword={() => setShowPassword((v) => !v)}
      countdown={countdown}
      sending={sending}
      onSendCode={() => void sendCode()}
      onSubmit={(e) => void onSubmit(e)}
    />
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
