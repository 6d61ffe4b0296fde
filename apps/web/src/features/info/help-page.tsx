import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INFO_NS } from '../../i18n/info/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { speechOutput, useVoiceInputAvailable } from '../speech/index.ts';
import { helpSections, reachableModes, searchSections } from './help-sections.ts';

/** /help: every part of the app explained, searchable, each section readable aloud. */
export function HelpPage() {
  const { t } = useTranslation(INFO_NS);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const voiceAvailable = useVoiceInputAvailable();
  const sections = useMemo(
    () => helpSections(t, reachableModes(voiceAvailable), voiceAvailable),
    [t, voiceAvailable],
  );
  const shown = searchSections(sections, deferred);
  const searchId = useId();
  const announce = useAnnounce();
  const q = deferred.trim();
  const count = q
    ? shown.length > 0
      ? t('help.results', { count: shown.length })
      : t('help.noResults')
    : '';

  // the result count is said once the typing settles (the app-wide live region; the page adds none)
  useEffect(() => {
    if (count) announce(count);
  }, [count, announce]);

  return (
    <Page title={t('pages.help')} className="help">
      <p>{t('help.intro')}</p>
      <div className="field" role="search">
        <label className="field__label" htmlFor={searchId}>
          {t('help.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="field__input"
          value={query}
          aria-describedby={`${searchId}-hint ${searchId}-count`}
          onChange={(e) => setQuery(e.target.value)}
        />
        <p id={`${searchId}-hint`} className="field__hint">
          {t('help.searchHint')}
        </p>
        <p id={`${searchId}-count`} className="field__hint">
          {count}
        </p>
      </div>
      {shown.map((section) => (
        <section key={section.id} className="card" aria-labelledby={`help-${section.id}`}>
          <h2 id={`help-${section.id}`}>{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={`help-${section.id}`}
            onClick={() => void speechOutput.speak([section.title, ...section.paragraphs].join('。'))}
          >
            {t('help.readAloud')}
          </button>
        </section>
      ))}
    </Page>
  );
}
