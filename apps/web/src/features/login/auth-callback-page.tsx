import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useSession } from '../../session/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { routes, searchPart } from '../../ui/routes.ts';
import { afterLoginTarget } from './after-login.ts';
import { finishSocialLogin } from './social-login.ts';
import { LOGIN_NS } from '../../i18n/login/index.ts';

/**
 * /auth/callback: where the provider sends the person back. It finishes the login once, then goes on
 * as a normal login does (the saved redirect, or the role question first); on failure it says why
 * and offers the way back to /login.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation(LOGIN_NS);
  const [, navigate] = useLocation();
  const search = searchPart(useSearch());
  const announce = useAnnounce();
  const setSession = useSession((s) => s.setSession);
  const [failure, setFailure] = useState<string | null>(null);
  // the callback's secret is single-use: a second run (StrictMode, a re-render) must not spend it again
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const endStatus = announce(t('social.finishing'));
    void finishSocialLogin(search).then((outcome) => {
      endStatus();
      if (!outcome.ok) {
        setFailure(outcome.message);
        return;
      }
      setSession(outcome.session);
      announce(t('success'));
      navigate(afterLoginTarget(outcome.session.redirect, outcome.session.user.userType), {
        replace: true,
      });
    });
  }, [announce, navigate, search, setSession, t]);

  return (
    <Page title={t('pages.authCallback')} className="auth-callback">
      {failure === null ? (
        <p>{t('social.finishing')}</p>
      ) : (
        <>
          <p role="alert" className="form__alert">
            {failure}
          </p>
          <p>
            <Link to={routes.login} className="button button--primary button--block">
              {t('social.backToLogin')}
            </Link>
          </p>
        </>
      )}
    </Page>
  );
}
