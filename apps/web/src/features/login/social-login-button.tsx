import './social-login.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../../ui/announcer.tsx';
import { socialLoginProvider, startSocialLogin } from './social-login.ts';
import { LOGIN_NS } from '../../i18n/login/index.ts';

/** The third-party login button of /login, shown only when the server has a provider configured. */
export function SocialLoginButton({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation(LOGIN_NS);
  const announce = useAnnounce();
  const [provider, setProvider] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    let live = true;
    void socialLoginProvider().then((label) => {
      if (live) setProvider(label);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!provider) return null;

  const onClick = async () => {
    setBusy(true);
    setFailure('');
    announce(t('social.starting', { provider }));
    setFailure(await startSocialLogin(redirect));
    setBusy(false);
  };

  return (
    <div className="social-login">
      <p className="social-login__or">{t('social.or')}</p>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void onClick()}
      >
        {t('social.button', { provider })}
      </button>
      <div role="alert" className="form__alert">
        {failure}
      </div>
    </div>
  );
}
