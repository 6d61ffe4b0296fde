import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_TEXT_MAX,
  FeedbackText,
  type FeedbackCategory,
} from '@sfm/protocol/feedback';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INFO_NS } from '../../i18n/info/index.ts';
import { apiText } from '../../i18n/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import type { PickedPhoto } from '../../ui/photo-picker.tsx';
import { FeedbackPhotoField } from './feedback-photo-field.tsx';
import { sendFeedback, useMyFeedback } from './feedback-api.ts';
import { FeedbackList } from './my-feedback-list.tsx';

/** /contact-us: a feedback form stored on the server, and the user's feedback with its replies. */
export function ContactUsPage() {
  const { t } = useTranslation(INFO_NS);
  const announce = useAnnounce();
  const mine = useMyFeedback();
  const [category, setCategory] = useState<FeedbackCategory>('problem');
  const [text, setText] = useState('');
  const [consent, setConsent] = useState(false);
  const [photo, setPhoto] = useState<PickedPhoto | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const id = useId();

  const fail = (message: string) => {
    // an earlier "sent" is old news beside a new problem
    setSent(false);
    setError(message);
    announce(message, { assertive: true });
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = FeedbackText.safeParse(text);
    if (!parsed.success) return fail(apiText(parsed.error.issues[0]!.message));
    setSending(true);
    setError('');
    const answer = await sendFeedback({
      category,
      text: parsed.data,
      contactConsent: consent,
      ...(photo && { photo: photo.base64 }),
    }).catch(() => null);
    setSending(false);
    if (!answer?.ok) return fail(answer?.message ?? t('contact.sendFailed'));
    setText('');
    setPhoto(null);
    setSent(true);
    announce(t('contact.sent'));
    mine.reload();
  };

  return (
    <Page title={t('pages.contactUs')} className="contact-us">
      <p>{t('contact.intro')}</p>
      <section className="card" aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`}>{t('contact.formTitle')}</h2>
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-category`}>
              {t('contact.category')}
            </label>
            <select
              id={`${id}-category`}
              className="field__input"
              value={category}
              onChange={(e) => setCategory(e.target.value as FeedbackCategory)}
            >
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`contact.categories.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-text`}>
              {t('contact.text')}
            </label>
            <textarea
              id={`${id}-text`}
              className="field__input"
              rows={5}
              maxLength={FEEDBACK_TEXT_MAX}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                setText(e.target.value);
                setSent(false);
              }}
            />
            <p id={`${id}-hint`} className="field__hint">
              {t('contact.textHint')}
            </p>
            {error ? (
              <p id={`${id}-error`} className="field__error">
                {error}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label className="check">
              <input
                type="checkbox"
                className="check__box"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
              />
              <span className="field__label">{t('contact.consent')}</span>
            </label>
          </div>
          <FeedbackPhotoField photo={photo} onChange={setPhoto} onUnreadable={fail} />
          <button
            type="submit"
            className="button button--primary button--block"
            aria-disabled={sending || undefined}
          >
            {sending ? t('contact.sending') : t('contact.send')}
          </button>
          {sent ? <p>{t('contact.sent')}</p> : null}
        </form>
      </section>
      <FeedbackList items={mine.items} />
    </Page>
  );
}
