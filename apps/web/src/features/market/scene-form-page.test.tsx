import type { MarketScene } from '@sfm/protocol/market';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAnnouncer } from '../../ui/announcer.tsx';
import { fail, loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';

afterEach(() => resetAnnouncer());

const ID = '00000000-0000-4000-8000-000000000042';
const mine = (over: Partial<MarketScene> = {}): MarketScene => ({
  id: ID,
  name: '看药盒',
  description: '',
  prompt: '请读出药名',
  behaviour: 'auto',
  intervalSeconds: 8,
  category: 'health',
  icon: 'medicine',
  visibility: 'public',
  authorName: '小爱',
  official: false,
  mine: true,
  favourite: false,
  uses: 0,
  favourites: 0,
  status: 'rejected',
  rejectReason: '问题写得不清楚',
  live: false,
  version: 2,
  createdAt: '2026-11-26T04:00:00.000Z',
  updatedAt: '2026-11-26T04:00:00.000Z',
  ...over,
});

describe('/market/scene/add and /market/scene/{id}', () => {
  it('an empty submit: each error beside its field, the first focused, the count and first error announced', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const sent: unknown[] = [];
    mockFetch((_url, init) => {
      // only what is sent: the shell's voice button asks what the server can hear (a GET)
      if (init.method === 'POST' || init.method === 'PUT') sent.push(init.body);
      return ok(null);
    });
    renderApp('/market/scene/add');
    await userEvent.click(await screen.findByRole('button', { name: '提交审核' }));
    const name = screen.getByRole('textbox', { name: '场景名称' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('请填写场景名称');
    expect(screen.getByRole('textbox', { name: '要问的问题' })).toHaveAccessibleDescription(
      '请填写要问的问题',
    );
    await waitFor(() =>
      expect(screen.getByTestId('live-alert')).toHaveTextContent('有 2 处需要修改：请填写场景名称'),
    );
    expect(sent).toEqual([]);
  });

  it('a server refusal lands on its field', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    mockFetch(() => fail(400, 'scene_name_too_long', '名称太长了', 'name'));
    renderApp('/market/scene/add');
    await userEvent.type(await screen.findByRole('textbox', { name: '场景名称' }), '公交');
    await userEvent.type(screen.getByRole('textbox', { name: '要问的问题' }), '几路车？');
    await userEvent.click(screen.getByRole('button', { name: '提交审核' }));
    const name = screen.getByRole('textbox', { name: '场景名称' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('名称太长了'));
    expect(name).toHaveFocus();
  });

  it('editing shows the review decision and its reason, and saves a new version', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (init.method === 'PATCH') {
        bodies.push(JSON.parse(String(init.body)));
        return ok(mine({ status: 'pending', rejectReason: null, version: 3 }));
      }
      return url.includes(ID) ? ok(mine()) : fail(404, 'scene_not_found');
    });
    renderApp(`/market/scene/${ID}`);
    expect(await screen.findByText('状态：未通过')).toBeInTheDocument();
    expect(screen.getByText('原因：问题写得不清楚')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: '自动识别的间隔（秒）' })).toHaveValue(8);
    await userEvent.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(screen.getByText('状态：审核中')).toBeInTheDocument());
    expect(bodies).toEqual([
      {
        id: ID,
        scene: expect.objectContaining({ name: '看药盒', intervalSeconds: 8, submit: true }) as unknown,
      },
    ]);
  });

  it('someone else’s scene is not found: no form, no hint of it', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    mockFetch(() => ok(mine({ mine: false })));
    renderApp(`/market/scene/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: '场景不存在' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
