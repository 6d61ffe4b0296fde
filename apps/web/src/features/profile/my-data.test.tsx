import { DELETE_ACCOUNT_CONFIRMATION } from '@sfm/protocol/account';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/index.ts';
import { fail, loginAs, mockFetch, ok, renderApp, seedStorage, testUser } from '../../../test/test-utils.tsx';

const DETAILS = {
  totalPoints: 120,
  freePoints: 20,
  originalPoints: 20,
  vipPoints: 100,
  originalVipPoints: 100,
  paidPoints: 0,
  originalPaidPoints: 0,
  isVip: true,
  vipExpiryDate: '2026-12-31T15:59:59.000Z',
};

const EXPORT = {
  exportedAt: '2026-11-26T05:00:00.000Z',
  profile: { ...testUser({ userType: 0 }), createdAt: '2026-01-01T00:00:00.000Z', avatarUrl: null },
  settings: { operationMode: 'quick' },
  points: { account: null, entries: [], orders: [] },
  analyses: [],
  photos: [],
  calls: [],
  callFeedback: [],
  volunteer: null,
  blocks: [],
  scenes: [],
  favourites: [],
  sceneReports: [],
  feedback: [],
  identities: [],
};

function openProfile(handler: (url: string, init: RequestInit) => Response) {
  loginAs({ userType: 0, nickname: 'Ming' });
  seedStorage({ privacyAccepted: 'true' });
  const fetch = mockFetch((url, init) => (url === '/api/points/details' ? ok(DETAILS) : handler(url, init)));
  return { fetch, ...renderApp('/profile') };
}

describe('/profile: points, nickname, version', () => {
  it('shows the points total and the VIP state', async () => {
    openProfile(() => ok(null));
    expect(await screen.findByText('当前积分：120')).toBeInTheDocument();
    expect(screen.getByText(/^会员有效期至 2026-12-3[01]$/)).toBeInTheDocument();
    expect(screen.getByText('应用版本：构建 100')).toBeInTheDocument();
  });

  it('saves a new nickname and refuses an empty one', async () => {
    const { fetch } = openProfile(() => ok(testUser({ userType: 0, nickname: '小明' })));
    const field = screen.getByRole('textbox', { name: '昵称' });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: '保存昵称' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, '小明');
    await userEvent.click(screen.getByRole('button', { name: '保存昵称' }));
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('小明'));
    const patch = fetch.mock.calls.find(([url]) => url === '/api/users/me')!;
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ nickname: '小明' });
  });
});

describe('/profile: my data', () => {
  it('downloads my data as a JSON file', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openProfile((url) => (url === '/api/users/me/export' ? ok(EXPORT) : ok(null)));
    await userEvent.click(screen.getByRole('button', { name: '下载我的数据' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('see-for-me-data-2026-11-26.json');
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('您的数据已下载为 JSON 文件'),
    );
  });

  it('deletes the account only after two confirmations, then leaves for /login signed out', async () => {
    const { fetch, router } = openProfile(() => ok(null));
    await userEvent.click(screen.getByRole('button', { name: '注销账号' }));
    expect(screen.getByText(/确定要注销吗/)).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: '确定注销' }));
    expect(screen.getByText('最后确认：注销无法撤销。')).toHaveFocus();
    expect(fetch.mock.calls.some(([url]) => url === '/api/users/me/delete')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '永久注销我的账号' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const del = fetch.mock.calls.find(([url]) => url === '/api/users/me/delete')!;
    expect(JSON.parse(String(del[1]?.body))).toEqual({ confirm: DELETE_ACCOUNT_CONFIRMATION });
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('账号已注销'));
  });

  it('cancel and a refused deletion keep the account', async () => {
    const { router } = openProfile((url) =>
      url === '/api/users/me/delete' ? fail(500, 'internal') : ok(null),
    );
    await userEvent.click(screen.getByRole('button', { name: '注销账号' }));
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('button', { name: '确定注销' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '注销账号' }));
    await userEvent.click(screen.getByRole('button', { name: '确定注销' }));
    await userEvent.click(screen.getByRole('button', { name: '永久注销我的账号' }));
    await waitFor(() => expect(screen.getByTestId('live-alert')).toHaveTextContent('注销失败'));
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
