import { Nickname } from '@sfm/protocol';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http-client.ts';
import { apiText } from '../../i18n/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { useSession } from '../../session/index.ts';
import { PROFILE_NS } from '../../i18n/profile/index.ts';

/** The nickname, editable in place; the error (empty, too long, refused) is shown under the field and said. */
export function NicknameForm({ nickname }: { nickname: string | null }) {
  const { t } = useTranslation(PROFILE_NS);
  const announce = useAnnounce();
  const setUser = useSession((s) => s.setUser);
  const [value, setValue] = useState(nickname ?? '');
  const [error, setError] = useState('');
  const id = useId();

  const fail = (message: string) => {
    setError(message);
    announce(message, { assertive: true });
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = Nickname.safeParse(value);
    if (!parsed.success) return fail(apiText(parsed.error.issues[0]!.message));
    const answer = await api.call('updateMe', { nickname: parsed.data }).catch(() => null);
    if (!answer?.ok) return fail(answer ? answer.message : t('network.failed'));
    setError('');
    setUser(answer.data);
    announce(t('account.nicknameSaved'));
  };

  return (
    <form className="field" noValidate onSubmit={(e) => void onSubmit(e)}>
      <label className="field__label" htmlFor={id}>
        {t('account.nicknameLabel')}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        maxLength={32}
        autoComplete="nickname"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--secondary">
        {t('account.saveNickname')}
      </button>
    </form>
  );
}
