import type { UserType } from '@sfm/protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { api, NetworkError } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { routes, safeRedirect } from '../../ui/routes.ts';
import { useSession } from '../../session/index.ts';
import { roleKey } from './role-words.ts';
import { callsPaths } from '../calls/index.ts';
import { ROLE_SELECT_NS } from '../../i18n/role-select/index.ts';

const CHOICES: readonly { userType: UserType; label: string; description: string }[] = [
  { userType: 0, label: 'seeker', description: 'seekerDescription' },
  { userType: 1, label: 'volunteer', description: 'volunteerDescription' },
];

/** /role-select: help-seeker (0) or volunteer (1), saved with PATCH /api/users/me. */
export function RoleSelectPage() {
  const { t } = useTranslation(ROLE_SELECT_NS);
  const [, navigate] = useLocation();
  const announce = useAnnounce();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [saving, setSaving] = useState<UserType | null>(null);
  const [alertText, setAlertText] = useState('');
  const busy = useRef(false);

  const choose = async (userType: UserType) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(userType);
    setAlertText('');
    try {
      const answer = await api.call('updateMe', { userType });
      if (answer.ok) {
        setUser(answer.data);
        announce(t('chosen', { role: t(roleKey(answer.data.userType)) }));
        // a new volunteer goes on to the page where calls ring; a help-seeker to the AI camera
        const home = answer.data.userType === 1 ? callsPaths.volunteerCalls : routes.seeForMe;
        navigate(safeRedirect(params.get('redirect')) ?? home, { replace: true });
        return;
      }
      setAlertText(answer.message);
    } catch (error) {
      setAlertText(error instanceof NetworkError ? error.message : t('network.failed'));
    } finally {
      busy.current = false;
      setSaving(null);
    }
  };

  return (
    <Page title={t('title')} className="role-select">
      <p>{t('intro')}</p>
      {user && user.userType != null ? <p>{t('current', { role: t(roleKey(user.userType)) })}</p> : null}
      <div className="role-select__choices">
        {CHOICES.map((choice) => (
          <div key={choice.userType} className="role-card">
            <button
              type="button"
              className="role-card__button"
              aria-describedby={`role-${choice.userType}-description`}
              aria-busy={saving === choice.userType}
              onClick={() => void choose(choice.userType)}
            >
              {t(choice.label)}
            </button>
            <p id={`role-${choice.userType}-description`} className="role-card__description">
              {t(choice.description)}
            </p>
          </div>
        ))}
      </div>
      <div role="alert" className="form__alert">
        {alertText}
      </div>
    </Page>
  );
}
