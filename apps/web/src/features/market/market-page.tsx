import {
  MarketSort,
  MarketTab,
  SceneCategory,
  type MarketScene,
  type MarketSort as Sort,
  type MarketTab as Tab,
  type SceneCategory as Category,
} from '@sfm/protocol/market';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NetworkError } from '../../api/http-client.ts';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { TabList, tabId } from '../../ui/tab-list.tsx';
import { marketApi } from './market-api.ts';
import { ReportDialog } from './report-dialog.tsx';
import { SceneCard } from './scene-card.tsx';
import { useSceneList, type SceneFilters } from './use-scene-list.ts';
import './market.css';
import { marketPaths } from './paths.ts';

/**
 * /market: the scenes of all, mine or my favourites, searched (a Chinese substring of the name or
 * description), filtered by category, sorted by use or date, paged on the server with "load more".
 */
export function MarketPage() {
  const { t } = useTranslation(MARKET_NS);
  const announce = useAnnounce();
  const [filters, setFilters] = useState<SceneFilters>({ tab: 'all', sort: 'popular' });
  const [search, setSearch] = useState('');
  const [reporting, setReporting] = useState<MarketScene | null>(null);
  const list = useSceneList(filters);
  const searchId = useId();
  const categoryId = useId();
  const sortId = useId();

  // "load more": focus goes to the first new scene, so reading goes on where the list grew
  const firstNew = useRef<number | null>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || list.items.length <= index) return;
    firstNew.current = null;
    headings.current.get(index)?.focus();
  }, [list.items.length]);

  // the count is announced when a load ends (a search, a filter), not on every render
  const status = list.loading
    ? t('list.loading')
    : list.error
      ? t('list.failed', { message: list.error })
      : list.total === 0
        ? t('list.empty')
        : t(list.capped ? 'list.resultsCapped' : 'list.results', { count: list.total });

  const update = (patch: Partial<SceneFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || undefined });
  };

  const onFavourite = async (scene: MarketScene) => {
    try {
      const answer = await marketApi.favourite({ id: scene.id, favourite: !scene.favourite });
      if (!answer.ok) return announce(answer.message, { assertive: true });
      list.replace(answer.data);
      announce(t(answer.data.favourite ? 'card.favourited' : 'card.unfavourited', { name: scene.name }));
    } catch (error) {
      if (error instanceof NetworkError) announce(error.message, { assertive: true });
    }
  };

  return (
    <Page title={t('list.title')} className="market">
      <p>{t('list.intro')}</p>
      <p>
        <Link to={marketPaths.sceneAdd} className="button button--primary">
          {t('list.add')}
        </Link>
      </p>
      <TabList<Tab>
        label={t('list.tabsLabel')}
        tabs={MarketTab.options.map((id) => ({ id, label: t(`list.tabs.${id}`) }))}
        selected={filters.tab ?? 'all'}
        onSelect={(tab) => update({ tab })}
        idPrefix="market"
        panel="market-panel"
        className="market__tabs"
      />
      <div role="tabpanel" id="market-panel" aria-labelledby={tabId('market', filters.tab ?? 'all')}>
        <form role="search" className="market__search" onSubmit={onSearch}>
          <label htmlFor={searchId} className="field__label">
            {t('list.search')}
          </label>
          <div className="field__row">
            <input
              id={searchId}
              type="search"
              className="field__input"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={30}
            />
            <button type="submit" className="button button--primary">
              {t('list.searchButton')}
            </button>
          </div>
        </form>
        <div className="market__filters">
          <div className="field">
            <label htmlFor={categoryId} className="field__label">
              {t('list.category')}
            </label>
            <select
              id={categoryId}
              className="field__input"
              value={filters.category ?? ''}
              onChange={(e) => update({ category: (e.target.value || undefined) as Category | undefined })}
            >
              <option value="">{t('list.allCategories')}</option>
              {SceneCategory.options.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={sortId} className="field__label">
              {t('list.sort')}
            </label>
            <select
              id={sortId}
              className="field__input"
              value={filters.sort ?? 'popular'}
              onChange={(e) => update({ sort: e.target.value as Sort })}
            >
              {MarketSort.options.map((s) => (
                <option key={s} value={s}>
                  {t(`list.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <p
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className="market__status"
          data-testid="market-status"
        >
          {status}
        </p>
        {list.error ? (
          <button type="button" className="button button--secondary" onClick={list.retry}>
            {t('list.retry')}
          </button>
        ) : null}

        <ul className="market__list" aria-label={t('list.title')}>
          {list.items.map((scene, index) => (
            <SceneCard
              key={scene.id}
              scene={scene}
              ref={(el) => {
                if (el) headings.current.set(index, el);
                else headings.current.delete(index);
              }}
              onFavourite={(s) => void onFavourite(s)}
              onReport={setReporting}
            />
          ))}
        </ul>
        {list.hasMore ? (
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={list.loading}
            onClick={() => {
              firstNew.current = list.items.length;
              list.loadMore();
            }}
          >
            {t('list.loadMore')}
          </button>
        ) : list.items.length > 0 && !list.loading ? (
          <p className="market__end">{t('list.noMore')}</p>
        ) : null}
      </div>
      <ReportDialog scene={reporting} onClose={() => setReporting(null)} />
    </Page>
  );
}
