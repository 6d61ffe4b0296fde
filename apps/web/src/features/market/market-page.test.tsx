import type { MarketScene } from '@sfm/protocol/market';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';
import { MARKET_PAGE_SIZE } from './use-scene-list.ts';

const XSS = '<img src=x onerror=alert(1)>';

const scene = (n: number, over: Partial<MarketScene> = {}): MarketScene => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `场景${n}`,
  description: `第 ${n} 个场景`,
  prompt: '请描述',
  behaviour: 'tap',
  intervalSeconds: null,
  category: 'reading',
  icon: 'text',
  visibility: 'public',
  authorName: '小爱',
  official: false,
  mine: false,
  favourite: false,
  uses: 100 - n,
  favourites: 0,
  status: 'approved',
  rejectReason: null,
  live: true,
  version: 1,
  createdAt: '2026-11-26T04:00:00.000Z',
  updatedAt: '2026-11-26T04:00:00.000Z',
  ...over,
});

/** 25 scenes (the first named like an attack), paged and searched as the server does. */
function server() {
  const all = [scene(1, { name: XSS }), ...Array.from({ length: 24 }, (_, i) => scene(i + 2))];
  const asked: URLSearchParams[] = [];
  const favourites: Record<string, unknown>[] = [];
  mockFetch((url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/market/scenes/favourite') {
      const body = JSON.parse(String(init.body)) as { id: string; favourite: boolean };
      favourites.push(body);
      const found = all.find((s) => s.id === body.id);
      return found
        ? ok({ ...found, favourite: body.favourite, favourites: 1 })
        : fail(404, 'scene_not_found');
    }
    asked.push(u.searchParams);
    const q = u.searchParams.get('q') ?? '';
    const page = Number(u.searchParams.get('page'));
    const matching = all.filter((s) => s.name.includes(q) || s.description.includes(q));
    return ok({
      items: matching.slice((page - 1) * MARKET_PAGE_SIZE, page * MARKET_PAGE_SIZE),
      total: matching.length,
      capped: false,
      page,
      pageSize: MARKET_PAGE_SIZE,
    });
  });
  return { asked, favourites };
}

describe('/market', () => {
  it('lists scenes as plain text, pages with "load more" and moves focus to the first new one', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    server();
    const { container } = renderApp('/market');
    await waitFor(() => expect(screen.getByTestId('market-status')).toHaveTextContent('共找到 25 个场景'), {
      timeout: 10_000,
    });
    const names = screen.getAllByTestId('scene-name');
    expect(names).toHaveLength(20);
    // the typed markup is text on the page, never an element
    expect(names[0]).toHaveTextContent(XSS);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('link', { name: `使用“${XSS}”` })).toHaveAttribute(
      'href',
      '/market/use/00000000-0000-4000-8000-000000000001',
    );

    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId('scene-name')).toHaveLength(25), { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toHaveTextContent('场景21'));
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });

  it('searches on the server from page 1 and says how many it found', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const { asked } = server();
    renderApp('/market');
    await screen.findByText('共找到 25 个场景', {}, { timeout: 10_000 });
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索场景' }), '场景1');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('共找到 10 个场景', {}, { timeout: 10_000 })).toBeInTheDocument();
    const last = asked.at(-1);
    expect(last?.get('q')).toBe('场景1');
    expect(last?.get('page')).toBe('1');
  });

  it('favourites a scene: the button is pressed and the change is announced', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const { favourites } = server();
    renderApp('/market');
    const list = await screen.findByRole('list', { name: '帮我看看市场' }, { timeout: 10_000 });
    const button = await within(list).findByRole('button', { name: '收藏“场景2”' }, { timeout: 10_000 });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(favourites).toEqual([{ id: '00000000-0000-4000-8000-000000000002', favourite: true }]);
  });

  it('tabs: mine asks the server for the author’s scenes', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const { asked } = server();
    renderApp('/market');
    await screen.findByText('共找到 25 个场景', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('tab', { name: '我的' }));
    await waitFor(() => expect(asked.at(-1)?.get('tab')).toBe('mine'));
  });
});
