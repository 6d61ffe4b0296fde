import type { MarketScene } from '@sfm/protocol/market';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';

const ID = '00000000-0000-4000-8000-000000000007';
const scene: MarketScene = {
  id: ID,
  name: '公交车号',
  description: '',
  prompt: '请找出公交车的线路号',
  behaviour: 'auto',
  intervalSeconds: 5,
  category: 'travel',
  icon: 'bus',
  visibility: 'public',
  authorName: null,
  official: true,
  mine: false,
  favourite: false,
  uses: 3,
  favourites: 0,
  status: 'approved',
  rejectReason: null,
  live: true,
  version: 1,
  createdAt: '2026-11-26T04:00:00.000Z',
  updatedAt: '2026-11-26T04:00:00.000Z',
};

describe('/market/use/{id}', () => {
  it('is the camera screen under the scene’s name, without the mode strip; the visit counts once', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const uses: unknown[] = [];
    mockFetch((url, init) => {
      if (url.endsWith('/api/market/scenes/use')) {
        uses.push(JSON.parse(String(init.body)));
        return ok({ uses: 4, counted: true });
      }
      return ok(scene);
    });
    renderApp(`/market/use/${ID}`);
    // the camera screen is its own chunk: the first import in a test takes a while
    expect(
      await screen.findByRole('heading', { level: 1, name: '公交车号' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('click-area')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    await waitFor(() => expect(uses).toHaveLength(1));
    expect(uses[0]).toEqual({ id: ID, session: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
  });

  it('a scene the user may not see: says so, links back to the market', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    mockFetch(() => fail(404, 'scene_not_found', '场景不存在'));
    renderApp(`/market/use/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: '场景不存在，或已不再公开' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回市场' })).toHaveAttribute('href', '/market');
  });
});
