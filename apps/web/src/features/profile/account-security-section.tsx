import './account-security.css';
import type { User } from '@sfm/protocol';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http-client.ts';
import { useSession } from '../../session/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { useLeaveAccount } from './leave-account.ts';
import { PROFILE_NS } from '../../i18n/profile/index.ts';

/** The steps of 退出所有设备: asked (never one stray tap), sending. */
type LogoutAllStep = 'idle' | 'asking' | 'sending';

/**
 * 退出所有设备: a question that takes focus (read before its buttons), confirm or cancel (Esc
 * too). Every session of the account ends on the server, this one included: the session is then
 * cleared as by 退出登录 and the user lands on /login.
 */
function LogoutAllDevices() {
  const { t } = useTranslation(PROFILE_NS);
  const announce = useAnnounce();
  const leave = useLeaveAccount();
  const clearSession = useSession((s) => s.clearSession);
  const [step, setStep] = useState<LogoutAllStep>('idle');
  const question = useRef<HTMLParagraphElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the step is on screen: the question when asked, the button when cancelled. */
  const focusNext = useRef<'question' | 'trigger' | null>(null);
  const id = useId();

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'question') question.current?.focus();
    else if (target === 'trigger') trigger.current?.focus();
  }, [step]);

  const ask = () => {
    focusNext.current = 'question';
    setStep('asking');
  };

  const cancel = () => {
    focusNext.current = 'trigger';
    setStep('idle');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || step !== 'asking') return;
    event.preventDefault();
    cancel();
  };

  const confirm = async () => {
    if (step !== 'asking') return;
    setStep('sending');
    const endStatus = announce(t('security.loggingOutAll'));
    const answer = await api.call('logoutAll').catch(() => null);
    endStatus();
    if (answer?.ok) {
      leave(clearSession, t('security.loggedOutAll'));
      return;
    }
    // a refused refresh has ended the session and said so already: nothing is left to log out
    if (!useSession.getState().token) return;
    setStep('asking');
    announce(t('security.logoutAllFailed'), { assertive: true });
  };

  if (step === 'idle') {
    return (
      <button ref={trigger} type="button" className="button button--secondary button--block" onClick={ask}>
        {t('security.logoutAll')}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={`${id}-question`} onKeyDown={onKeyDown}>
      <p ref={question} id={`${id}-question`} tabIndex={-1}>
        {t('security.logoutAllQuestion')}
      </p>
      <button
        type="button"
        className="button button--danger button--block"
        aria-disabled={step === 'sending' || undefined}
        aria-busy={step === 'sending'}
        onClick={() => void confirm()}
      >
        {t('security.logoutAllConfirm')}
      </button>
      <button
        type="button"
        className="button button--secondary button--block"
        aria-disabled={step === 'sending' || undefined}
        onClick={() => step === 'asking' && cancel()}
      >
        {t('security.cancel')}
      </button>
    </div>
  );
}

/** 账号安全 in the personal centre: change the password, log out of every device. */
export function AccountSecuritySection({ user }: { user: User }) {
  const { t } = useTranslation(PROFILE_NS);
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t('security.title')}</h2>
      <ChangePasswordForm user={user} />
      <LogoutAllDevices />
    </section>
  );
}
