import type { Feedback } from '@sfm/protocol/feedback';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INFO_NS } from '../../i18n/info/index.ts';
import { useMyFeedback } from './feedback-api.ts';

const day = (iso: string) => iso.slice(0, 10);

/** The user's feedback, newest first, each with its photo and the back office's reply (or that none came yet). */
export function FeedbackList({ items }: { items: Feedback[] | null }) {
  const { t } = useTranslation(INFO_NS);
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t('contact.mineTitle')}</h2>
      {items === null ? null : items.length === 0 ? (
        <p>{t('contact.none')}</p>
      ) : (
        <ul>
          {items.map((f) => (
            <li key={f.id}>
              <p>
                {t(`contact.categories.${f.category}`)}，{t('contact.sentAt', { date: day(f.createdAt) })}
              </p>
              <p>{f.text}</p>
              {f.photoUrl ? (
                <img
                  className="feedback-photo"
                  src={f.photoUrl}
                  alt={t('contact.photoSent')}
                  loading="lazy"
                />
              ) : null}
              <p>{f.reply ? t('contact.reply', { reply: f.reply }) : t('contact.noReply')}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The list as the personal centre shows it: loads itself. */
export function MyFeedback() {
  const { items } = useMyFeedback();
  return <FeedbackList items={items} />;
}
