import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_DOCUMENT_NS } from '../../../../i18n/channel-document/index.ts';
import { announce } from '../../../../ui/announcer.tsx';
import { speechOutput } from '../../../speech/index.ts';
import {
  documentTitle,
  IndexedDbDocuments,
  type DocumentStore,
  type SavedDocument,
} from './document-store.ts';
import { spokenPage } from './spoken-page.ts';
import './saved-documents.css';

const pad = (n: number) => String(n).padStart(2, '0');
/** Year-month-day hour:minute in the device's time zone, as the app shows times. */
function savedTime(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const deviceDocuments = new IndexedDbDocuments();

/**
 * The personal centre's "My documents": the pages saved in the document mode, newest first, each to
 * hear again, to show in full (its headings as headings) or to delete. Kept on this device only.
 */
export function SavedDocumentsSection({ store = deviceDocuments }: { store?: DocumentStore }) {
  const { t } = useTranslation(CHANNEL_DOCUMENT_NS);
  const headingId = useId();
  const textId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [items, setItems] = useState<SavedDocument[] | null>(null);
  const [shown, setShown] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    store
      .list()
      .then((list) => current && setItems(list))
      .catch(() => current && setItems([]));
    return () => {
      current = false;
    };
  }, [store]);

  const remove = async (doc: SavedDocument, title: string) => {
    await store.remove(doc.id);
    setItems((list) => list?.filter((d) => d.id !== doc.id) ?? null);
    announce(t('list.deleted', { title }));
    // the pressed button is gone: the list's heading keeps the focus in the card
    heading.current?.focus();
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('list.title')}
      </h2>
      {items === null ? <p>{t('list.loading')}</p> : null}
      {items?.length === 0 ? <p>{t('list.empty')}</p> : null}
      {items?.length ? (
        <ul className="saved-documents">
          {items.map((doc) => {
            const title = documentTitle(doc) ?? t('list.untitled');
            const open = shown === doc.id;
            const textOf = `${textId}-${doc.id}`;
            return (
              <li key={doc.id} className="saved-documents__item">
                <h3>{title}</h3>
                <p>{t('list.savedAt', { date: savedTime(doc.savedAt) })}</p>
                <div className="saved-documents__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t('list.readAloudNamed', { title })}
                    onClick={() => void speechOutput.speak(spokenPage(doc.blocks, t))}
                  >
                    {t('list.readAloud')}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t(open ? 'list.hideNamed' : 'list.showNamed', { title })}
                    aria-expanded={open}
                    aria-controls={textOf}
                    onClick={() => setShown(open ? null : doc.id)}
                  >
                    {t(open ? 'list.hide' : 'list.show')}
                  </button>
                  <button
                    type="button"
                    className="button button--danger"
                    aria-label={t('list.deleteNamed', { title })}
                    onClick={() => void remove(doc, title)}
                  >
                    {t('list.delete')}
                  </button>
                </div>
                <div id={textOf} className="saved-documents__text" hidden={!open}>
                  {doc.blocks.map((block, i) =>
                    block.kind === 'heading' ? <h4 key={i}>{block.text}</h4> : <p key={i}>{block.text}</p>,
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
