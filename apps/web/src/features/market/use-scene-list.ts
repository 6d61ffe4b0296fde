import type { MarketScene, MarketScenesQuery } from '@sfm/protocol/market';
import { useCallback, useEffect, useState } from 'react';
import { NetworkError } from '../../api/http-client.ts';
import { marketApi } from './market-api.ts';

/** The filters of the list; paging is the hook's. */
export type SceneFilters = Omit<MarketScenesQuery, 'page' | 'pageSize'>;

export const MARKET_PAGE_SIZE = 20;

export interface SceneList {
  items: MarketScene[];
  total: number;
  /** More matched than the server counts (MARKET_COUNT_CAP): `total` is the cap. */
  capped: boolean;
  loading: boolean;
  /** The server's or the network's words when the last load failed. */
  error: string | null;
  hasMore: boolean;
  loadMore(): void;
  retry(): void;
  /** Replaces one scene after a change (a favourite). */
  replace(scene: MarketScene): void;
}

interface State {
  /** The filters (as JSON) the pages below belong to. */
  key: string;
  items: MarketScene[];
  total: number;
  capped: boolean;
  /** The last page asked for. */
  page: number;
  /** Which request the items and error answer (loading until it is the current one). */
  answered: string | null;
  error: string | null;
}

const fresh = (key: string): State => ({
  key,
  items: [],
  total: 0,
  capped: false,
  page: 1,
  answered: null,
  error: null,
});

/**
 * The market list, paged on the server: new filters start again at page 1; loadMore appends the
 * next page. An answer for filters or a page that changed meanwhile is dropped.
 */
export function useSceneList(filters: SceneFilters): SceneList {
  const key = JSON.stringify(filters);
  const [round, setRound] = useState(0);
  const [stored, setState] = useState<State>(() => fresh(key));
  // new filters: back to page 1 with an empty list, in this very render
  const state = stored.key === key ? stored : fresh(key);
  if (state !== stored) setState(state);
  const { page } = state;
  const request = `${key}|${page}|${round}`;

  useEffect(() => {
    const controller = new AbortController();
    const query = { ...(JSON.parse(key) as SceneFilters), page, pageSize: MARKET_PAGE_SIZE };
    const answer = (patch: (s: State) => Partial<State>) =>
      setState((s) => (s.key === key && s.page === page ? { ...s, ...patch(s), answered: request } : s));
    marketApi.scenes(query, controller.signal).then(
      (reply) => {
        if (controller.signal.aborted) return;
        if (!reply.ok) return answer(() => ({ error: reply.message }));
        answer((s) => ({
          error: null,
          items: page === 1 ? reply.data.items : [...s.items, ...reply.data.items],
          total: reply.data.total,
          capped: reply.data.capped,
        }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        answer(() => ({ error: error instanceof NetworkError ? error.message : String(error) }));
      },
    );
    return () => controller.abort();
  }, [key, page, request]);

  const loading = state.answered !== request;
  const loadMore = useCallback(() => setState((s) => ({ ...s, page: s.page + 1 })), []);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  const replace = useCallback(
    (scene: MarketScene) =>
      setState((s) => ({ ...s, items: s.items.map((item) => (item.id === scene.id ? scene : item)) })),
    [],
  );
  return {
    items: state.items,
    total: state.total,
    capped: state.capped,
    loading,
    error: loading ? null : state.error,
    hasMore: state.items.length < state.total,
    loadMore,
    retry,
    replace,
  };
}
