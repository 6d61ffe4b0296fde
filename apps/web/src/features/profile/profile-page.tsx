import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useAnnounce } from '../../ui/announcer.tsx';
import type { PersonalCentre, ProfileSection } from '../../ui/feature-manifest.ts';
import { Page } from '../../ui/page.tsx';
import { routes } from '../../ui/routes.ts';
import { BindPhoneForm } from '../login/index.ts';
import { roleKey } from '../role-select/index.ts';
import { SpeechRateField } from '../settings/index.ts';
import { logout } from '../../api/logout.ts';
import { useSession } from '../../session/index.ts';
import { speechOutput, useSpeakWithScreenReader, writeSpeakWithScreenReader } from '../speech/index.ts';
import { AppVersion } from './app-version.tsx';
import { AccountSecuritySection } from './account-security-section.tsx';
import { AvatarField } from './avatar-field.tsx';
import { useLeaveAccount } from './leave-account.ts';
import { maskPhone } from './mask-phone.ts';
import { MyDataSection } from './my-data-section.tsx';
import { NicknameForm } from './nickname-form.tsx';
import { PROFILE_NS } from '../../i18n/profile/index.ts';

/** The cards other features add in one place of the page, in the app's order. */
function Sections({
  sections,
  place,
}: {
  sections: readonly ProfileSection[];
  place: ProfileSection['place'];
}) {
  return sections.filter((s) => s.place === place).map(({ Section }, i) => <Section key={i} />);
}

/**
 * /profile: who you are, account security (password, every device), the features' account cards
 * (points), speech rate and voice, links, the features' activity cards (feedback, call warnings),
 * version, your data, log out.
 */
function ProfilePage({ links, sections }: PersonalCentre) {
  const { t } = useTranslation(PROFILE_NS);
  const announce = useAnnounce();
  const leave = useLeaveAccount();
  const user = useSession((s) => s.user);
  const speakWithScreenReader = useSpeakWithScreenReader();
  const whoId = useId();
  const speechId = useId();
  const moreId = useId();

  const onScreenReaderVoiceChange = (on: boolean) => {
    // what the old voice was saying must not go on under the new one
    speechOutput.stopAll();
    writeSpeakWithScreenReader(on);
    announce(t(on ? 'profile.screenReaderVoiceOn' : 'profile.screenReaderVoiceOff'));
  };

  const onLogout = () => leave(logout, t('profile.loggedOut'));

  return (
    <Page title={t('profile.title')} className="profile">
      {user ? (
        <section className="card" aria-labelledby={whoId}>
          <h2 id={whoId}>{t('profile.whoTitle')}</h2>
          <AvatarField name={user.nickname ?? t('account.avatarYou')} />
          <NicknameForm nickname={user.nickname} />
          {/* an account made by a social login has no phone until one is bound */}
          {user.phone ? (
            <p>{t('profile.phone', { phone: maskPhone(user.phone) })}</p>
          ) : (
            <>
              <p>{t('profile.noPhone')}</p>
              <BindPhoneForm />
            </>
          )}
          <p>{t('profile.role', { role: t(roleKey(user.userType)) })}</p>
          <p>
            <Link to={routes.roleSelect} className="button button--secondary">
              {t('profile.changeRole')}
            </Link>
          </p>
        </section>
      ) : null}

      {user ? <AccountSecuritySection user={user} /> : null}

      <Sections sections={sections} place="account" />

      <section className="card" aria-labelledby={speechId}>
        <h2 id={speechId}>{t('profile.speechTitle')}</h2>
        <SpeechRateField />
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

      <Sections sections={sections} place="activity" />

      <AppVersion />

      <MyDataSection />

      <button type="button" className="button button--danger button--block" onClick={onLogout}>
        {t('profile.logout')}
      </button>
    </Page>
  );
}

/** The personal centre's page, holding the links and cards the features add to it (manifest.ts). */
export function profilePageWith(entries: PersonalCentre): ComponentType {
  return function PersonalCentrePage() {
    return <ProfilePage {...entries} />;
  };
}
