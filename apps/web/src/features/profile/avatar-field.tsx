import { AVATAR_PHOTO } from '@sfm/protocol/user-photos';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type ApiAnswer } from '../../api/http-client.ts';
import { apiUrl } from '../../platform/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { PersonIcon } from '../../ui/icons.tsx';
import { PhotoPicker, type PickedPhoto } from '../../ui/photo-picker.tsx';
import { PROFILE_NS } from '../../i18n/profile/index.ts';

type AvatarAnswer = ApiAnswer<'myAvatar'>;

/**
 * The user's avatar on /profile: the picture (a default one until they choose), a photo chooser
 * that downsizes the photo to a small square before it is sent, and "remove". Each outcome is said.
 */
export function AvatarField({ name }: { name: string }) {
  const { t } = useTranslation(PROFILE_NS);
  const announce = useAnnounce();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const abort = new AbortController();
    api
      .call('myAvatar', undefined, { signal: abort.signal })
      .then((answer) => answer.ok && setUrl(answer.data.url))
      .catch(() => undefined);
    return () => abort.abort();
  }, []);

  const fail = (message: string) => {
    setError(message);
    announce(message, { assertive: true });
  };
  const change = async (request: () => Promise<AvatarAnswer>, doneKey: string) => {
    if (busy) return;
    setBusy(true);
    const answer = await request().catch(() => null);
    setBusy(false);
    if (!answer?.ok) return fail(answer?.message ?? t('account.avatarFailed'));
    setError('');
    setUrl(answer.data.url);
    announce(t(doneKey));
  };
  const upload = ({ base64 }: PickedPhoto) => {
    announce(t('account.avatarSaving'));
    void change(() => api.call('setMyAvatar', { image: base64 }), 'account.avatarSaved');
  };
  const remove = () => void change(() => api.call('removeMyAvatar'), 'account.avatarRemoved');

  return (
    <div className="field avatar-field">
      {url ? (
        <img className="avatar" src={apiUrl(url)} alt={t('account.avatarAlt', { name })} />
      ) : (
        <span
          className="avatar avatar--default"
          role="img"
          aria-label={t('account.avatarDefaultAlt', { name })}
        >
          <PersonIcon className="avatar__icon" />
        </span>
      )}
      <PhotoPicker
        label={t('account.avatarChoose')}
        size={AVATAR_PHOTO}
        onPicked={upload}
        onUnreadable={() => fail(t('account.photoUnreadable'))}
      />
      {url ? (
        <button type="button" className="button button--secondary" onClick={remove}>
          {t('account.avatarRemove')}
        </button>
      ) : null}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
