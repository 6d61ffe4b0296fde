import {
  POINTS_PAGE_SIZE,
  type PointsDetails,
  type PointsLogEntry,
  type PointsLogType,
} from '@sfm/protocol/points';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../../api/http-client.ts';
import { POINTS_NS } from '../../i18n/points/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { formatDay, formatEntryTime, signedAmount } from './points-format.ts';
import { usePointsDetails } from './use-points-details.ts';
import './points.css';
import { pointsPaths } from './paths.ts';

/** Spec §2: the filter's options, in this order ('' is all). */
const FILTERS: readonly ('' | PointsLogType)[] = ['', 'consume', 'recharge', 'auth', 'gift', 'vip'];

interface Listing {
  logs: PointsLogEntry[];
  page: number;
  totalPages: number;
}

/** The three buckets and the VIP badge. */
function PointsSummary({ details }: { details: PointsDetails }) {
  const { t } = useTranslation(POINTS_NS);
  const tiles = [
    ['free', details.freePoints, details.originalPoints],
    ['vip', details.vipPoints, details.originalVipPoints],
    ['paid', details.paidPoints, details.originalPaidPoints],
  ] as const;
  return (
    <>
      <p className="points__total" data-testid="points-total">
        {t('total')} <strong>{details.totalPoints}</strong>
      </p>
      {details.isVip && details.vipExpiryDate ? (
        <p className="points__vip" data-testid="points-vip">
          <span className="points__vip-badge">{t('vipBadge')}</span>{' '}
          {t('vipUntil', { date: formatDay(details.vipExpiryDate) })}
        </p>
      ) : null}
      <ul className="points__tiles">
        {tiles.map(([name, value, original]) => (
          <li key={name} className="points__tile" data-tile={name}>
            <span className="points__tile-label">{t(`tiles.${name}`)}</span>
            <strong className="points__tile-value">{value}</strong>
            <span className="points__tile-original">{t('tiles.original', { value: original })}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The summary's place while the balance loads: the same boxes, empty and hidden from screen
 * readers, so the history below does not jump down when the balance arrives (layout shift).
 */
function SummaryPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="points-summary-placeholder">
      <p className="points__total">
        <strong>&nbsp;</strong>
      </p>
      <ul className="points__tiles">
        {[0, 1, 2].map((i) => (
          <li key={i} className="points__tile">
            <span className="points__tile-label">&nbsp;</span>
            <strong className="points__tile-value">&nbsp;</strong>
            <span className="points__tile-original">&nbsp;</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One entry: type, signed amount (read with its sign), remark or scene, time, balance after. */
function EntryItem({ entry }: { entry: PointsLogEntry }) {
  const { t } = useTranslation(POINTS_NS);
  const spoken = t(entry.amount < 0 ? 'amountSpend' : 'amountGain', { value: Math.abs(entry.amount) });
  const what = entry.remark ?? (entry.scene ? t(`scenes.${entry.scene}`) : '');
  return (
    <li className="points__entry">
      <span className="points__entry-type">{t(`types.${entry.type}`)}</span>
      <span className={entry.amount < 0 ? 'points__amount points__amount--spend' : 'points__amount'}>
        <span aria-hidden="true">{signedAmount(entry.amount)}</span>
        <span className="visually-hidden">{spoken}</span>
      </span>
      <span className="points__entry-what">{what}</span>
      <time className="points__entry-time" dateTime={entry.createdAt}>
        {formatEntryTime(entry.createdAt)}
      </time>
      <span className="points__entry-after">{t('balanceAfter', { value: entry.after })}</span>
    </li>
  );
}

/** /points-logs (spec §2 "Points log page"): the balance, the buckets and the history, filtered by type. */
export function PointsLogsPage() {
  const { t } = useTranslation(POINTS_NS);
  const { t: tApp } = useTranslation();
  const announce = useAnnounce();
  const details = usePointsDetails();
  const [query, setQuery] = useState<{ type: '' | PointsLogType; page: number }>({ type: '', page: 1 });
  const [listing, setListing] = useState<Listing | null>(null);
  // the query whose answer (or failure) came last: loading while it is not the current one
  const [settled, setSettled] = useState('');
  const filterId = useId();
  const historyId = useId();
  /** The user asked for this page (a filter, load more): its arrival is announced. */
  const announceNext = useRef(false);
  const key = `${query.type}:${query.page}`;

  useEffect(() => {
    const controller = new AbortController();
    const { type, page } = query;
    api
      .call(
        'pointsLogs',
        { page, pageSize: POINTS_PAGE_SIZE, ...(type ? { type } : {}) },
        { signal: controller.signal },
      )
      .then((answer) => {
        if (!answer.ok) return console.error('points logs failed', answer.code, answer.message);
        const { logs, pagination } = answer.data;
        // page 1 is a new list (a new filter); later pages append to it
        setListing((before) => ({
          logs: page === 1 || !before ? logs : [...before.logs, ...logs],
          page,
          totalPages: pagination.totalPages,
        }));
        if (announceNext.current) announce(t('loaded', { count: logs.length }));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('points logs failed', error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setSettled(`${type}:${page}`);
      });
    return () => controller.abort();
    // key names the query: a new object with the same content asks nothing new
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, announce, t]);

  const onFilter = (type: '' | PointsLogType) => {
    announceNext.current = true;
    setListing(null);
    setQuery({ type, page: 1 });
  };
  const onMore = (page: number) => {
    announceNext.current = true;
    setQuery((q) => ({ ...q, page }));
  };

  const loading = settled !== key;
  const type = query.type;
  const more = listing !== null && listing.page < listing.totalPages;
  return (
    <Page title={tApp('pages.pointsLogs')} className="points">
      {details ? <PointsSummary details={details} /> : <SummaryPlaceholder />}
      <p>
        <Link to={pointsPaths.recharge} className="button button--secondary">
          {t('rechargeLink')}
        </Link>
      </p>
      <section aria-labelledby={historyId} aria-busy={loading}>
        <h2 id={historyId}>{t('historyTitle')}</h2>
        <div className="field">
          <label className="field__label" htmlFor={filterId}>
            {t('filter')}
          </label>
          <select
            id={filterId}
            className="field__input"
            value={type}
            onChange={(e) => onFilter(e.target.value as '' | PointsLogType)}
          >
            {FILTERS.map((f) => (
              <option key={f || 'all'} value={f}>
                {t(`types.${f || 'all'}`)}
              </option>
            ))}
          </select>
        </div>
        {listing && listing.logs.length === 0 ? <p className="points__empty">{t('empty')}</p> : null}
        {listing && listing.logs.length > 0 ? (
          <ol className="points__entries" aria-labelledby={historyId}>
            {listing.logs.map((entry) => (
              <EntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : null}
        {more ? (
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={loading}
            onClick={() => onMore(listing.page + 1)}
          >
            {t('loadMore')}
          </button>
        ) : null}
        {listing && !more && listing.logs.length > 0 ? <p className="points__end">{t('noMore')}</p> : null}
        {loading ? (
          <div className="points__loading" role="status">
            {t('loading')}
          </div>
        ) : null}
      </section>
    </Page>
  );
}
