import { FEEDBACK_PHOTO } from '@sfm/protocol/user-photos';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INFO_NS } from '../../i18n/info/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { PhotoPicker, type PickedPhoto } from '../../ui/photo-picker.tsx';

interface FeedbackPhotoFieldProps {
  photo: PickedPhoto | null;
  onChange: (photo: PickedPhoto | null) => void;
  /** Says and shows why a chosen file could not be used. */
  onUnreadable: (message: string) => void;
}

/** The contact-us form's optional screenshot or photo: chosen, previewed, removable; each step said. */
export function FeedbackPhotoField({ photo, onChange, onUnreadable }: FeedbackPhotoFieldProps) {
  const { t } = useTranslation(INFO_NS);
  const announce = useAnnounce();
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo.blob) : null), [photo]);
  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (picked: PickedPhoto) => {
    onChange(picked);
    announce(t('contact.photoAttached'));
  };
  const remove = () => {
    onChange(null);
    announce(t('contact.photoRemoved'));
  };

  return (
    <div className="field">
      <PhotoPicker
        label={t('contact.photoChoose')}
        size={FEEDBACK_PHOTO}
        onPicked={pick}
        onUnreadable={() => onUnreadable(t('contact.photoUnreadable'))}
      />
      {preview ? (
        <>
          <img className="feedback-photo" src={preview} alt={t('contact.photoPreview')} />
          <button type="button" className="button button--secondary" onClick={remove}>
            {t('contact.photoRemove')}
          </button>
        </>
      ) : null}
    </div>
  );
}
