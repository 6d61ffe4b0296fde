import { SPEECH_RATE_MAX, SPEECH_RATE_MIN } from '@sfm/protocol';
import { use, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { routes } from '../../ui/routes.ts';
import { roleKey } from '../role-select/index.ts';
import { logout, selectLoggedIn, useSession } from '../../session/index.ts';
import { speechOutput, useSpeakWithScreenReader, writeSpeakWithScreenReader } from '../speech/index.ts';
import { ProfileLinksContext } from './profile-links.ts';

const SPEECH_RATE_STEP = 0.25;
/** 0.5×, 0.75×, … 3×. */
export const SPEECH_RATES: readonly number[] = Array.from(
  { length: Math.round((SPEECH_RATE_MAX - SPEECH_RATE_MIN) / SPEECH_RATE_STEP) + 1 },
  (_, i) => SPEECH_RATE_MIN + i * SPEECH_RATE_STEP,
);

/** 13800138000 → 138****8000 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** /profile: who you are, speech rate and voice, links, log out. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const user = useSession((s) => s.user);
  const loggedIn = useSession(selectLoggedIn);
  const speechRate = useSession((s) => s.speechRate);
  const setSpeechRate = useSession((s) => s.setSpeechRate);
  const setUser = useSession((s) => s.setUser);
  const speakWithScreenReader = useSpeakWithScreenReader();
  const whoId = useId();
  const speechId = useId();
  const moreId = useId();
  const links = use(ProfileLinksContext);

  const onRateChange = (value: string) => {
    const rate = Number(value);
    setSpeechRate(rate);
    announce(t('profile.speechRateSaved', { rate }));
    if (loggedIn) {
      void api
        .call('updateMe', { speechRate: rate })
        .then((answer) => {
          if (answer.ok) setUser(answer.data);
        })
        .catch(() => undefined);
    }
  };

  const onScreenReaderVoiceChange = (on: boolean) => {
    // what the old voice was saying must not go on under the new one
    speechOutput.stopAll();
    writeSpeakWithScreenReader(on);
    announce(t(on ? 'profile.screenReaderVoiceOn' : 'profile.screenReaderVoiceOff'));
  };

  const onLogout = () => {
    // Leave first: with the session gone while still here, the guard would send the user to
    // /login?redirect=/profile, and the next login would land back in this account's centre.
    // The router commits navigations asynchronously (as transitions); the session change must wait
    // for the new page to be on screen, or it overtakes the navigation.
    void Promise.resolve(navigate(routes.login, { replace: true, flushSync: true })).then(() => {
      logout();
      announce(t('profile.loggedOut'));
    });
  };

  return (
    <Page title={t('profile.title')} className="profile">
      {user ? (
        <section className="card" aria-labelledby={whoId}>
          <h2 id={whoId}>{t('profile.whoTitle')}</h2>
          {user.nickname ? <p>{t('profile.nickname', { name: user.nickname })}</p> : null}
          <p>{t('profile.phone', { phone: maskPhone(user.phone) })}</p>
          <p>{t('profile.role', { role: t(roleKey(user.userType)) })}</p>
          <p>
            <Link to={routes.roleSelect} className="button button--secondary">
              {t('profile.changeRole')}
            </Link>
          </p>
        </section>
      ) : null}

      <section className="card" aria-labelledby={speechId}>
        <h2 id={speechId}>{t('profile.speechTitle')}</h2>
        <div className="field">
          <label className="field__label" htmlFor="profile-speech-rate">
            {t('profile.speechRate')}
          </label>
          <select
            id="profile-speech-rate"
            className="field__input"
            value={String(speechRate)}
            onChange={(e) => onRateChange(e.target.value)}
          >
            {SPEECH_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {t('profile.speechRateOption', { rate })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              className="check__box"
              checked={speakWithScreenReader}
              aria-describedby="profile-screen-reader-voice-hint"
              onChange={(e) => onScreenReaderVoiceChange(e.target.checked)}
            />
            <span className="field__label">{t('profile.screenReaderVoice')}</span>
          </label>
          <p id="profile-screen-reader-voice-hint" className="field__hint">
            {t('profile.screenReaderVoiceHint')}
          </p>
        </div>
      </section>

      <section className="card" aria-labelledby={moreId}>
        <h2 id={moreId}>{t('profile.moreTitle')}</h2>
        <ul className="link-list">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="link-list__link">
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <button type="button" className="button button--danger button--block" onClick={onLogout}>
        {t('profile.logout')}
      </button>
    </Page>
  );
}
