import { DEFAULT_POINTS_RULES } from '@sfm/protocol/points';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { mockFetch, ok, renderApp, seedStorage } from '../../../../test/test-utils.tsx';
import { UserPointsSection } from './user-points-section.tsx';

// antd forms in jsdom are slow on a busy machine
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 10_000 };

const CONFIG = {
  version: 3,
  savedAt: '2026-11-26T04:00:00.000Z',
  savedBy: 'alice',
  rules: DEFAULT_POINTS_RULES,
};

describe('/bme_admin/points-config', () => {
  it('shows the version and the rules, and saves a change as the next version', async () => {
    seedStorage({ admin_token: 'adm-1', privacyAccepted: 'true' });
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/admin/me') return ok({ id: 'a1', username: 'alice', role: 'operator' });
      if (init.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return ok({ ...CONFIG, version: 4 });
      }
      return ok(CONFIG);
    });
    renderApp('/bme_admin/points-config');
    expect(await screen.findByRole('heading', { level: 1, name: '积分配置' }, slow)).toBeInTheDocument();
    expect(await screen.findByTestId('points-config-version', {}, slow)).toHaveTextContent('第 3 版');
    const vision = screen.getByRole('spinbutton', { name: '图片识别' });
    await waitFor(() => expect(vision).toHaveValue('1'), slow);
    expect(screen.getByRole('spinbutton', { name: '每日免费积分' })).toHaveValue('200');
    await userEvent.clear(vision);
    await userEvent.type(vision, '2');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ costs: { vision: 2 }, vipPlans: DEFAULT_POINTS_RULES.vipPlans });
  });

  it('checks the rules before sending: a duplicate plan id is refused with its reason', async () => {
    seedStorage({ admin_token: 'adm-1', privacyAccepted: 'true' });
    let puts = 0;
    mockFetch((url, init) => {
      if (url === '/api/admin/me') return ok({ id: 'a1', username: 'alice', role: 'operator' });
      if (init.method === 'PUT') puts += 1;
      return ok(CONFIG);
    });
    renderApp('/bme_admin/points-config');
    const ids = await screen.findAllByRole('textbox', { name: '编号' }, slow);
    await waitFor(() => expect(ids[1]).toHaveValue('yearly'), slow);
    await userEvent.clear(ids[1]!);
    await userEvent.type(ids[1]!, 'monthly');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    expect(await screen.findByText(/编号不能重复/)).toBeInTheDocument();
    expect(puts).toBe(0);
  });
});

const details = {
  totalPoints: 200,
  freePoints: 200,
  originalPoints: 200,
  vipPoints: 0,
  originalVipPoints: 0,
  paidPoints: 0,
  originalPaidPoints: 0,
  isVip: false,
  vipExpiryDate: null,
};
const USER_ID = '00000000-0000-4000-8000-000000000001';
const drawerSection = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <UserPointsSection userId={USER_ID} />
      </App>
    </I18nextProvider>,
  );

describe('the users drawer points section', () => {
  it('shows the balance and gives points with a reason', async () => {
    const sent: unknown[] = [];
    let current = details;
    mockFetch((_url, init) => {
      if (init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        current = { ...details, totalPoints: 250, paidPoints: 50 };
      }
      return ok({ details: current, entries: [], refundShortfalls: [] });
    });
    drawerSection();
    expect(await screen.findByText('总积分 200（免费 200，会员 0，付费 0）', {}, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: '积分（负数为扣除）' }), '50');
    await userEvent.type(screen.getByRole('textbox', { name: '原因' }), '活动补偿');
    await userEvent.click(screen.getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(sent).toEqual([{ userId: USER_ID, amount: 50, reason: '活动补偿' }]));
    expect(await screen.findByText('总积分 250（免费 200，会员 0，付费 50）')).toBeInTheDocument();
    expect(screen.queryByText(/未能扣回/)).not.toBeInTheDocument();
  });

  it('warns of a refund whose points were already spent, with the order and what is left to settle', async () => {
    mockFetch(() =>
      ok({
        details,
        entries: [],
        refundShortfalls: [
          {
            orderId: '7d5f2a90-0000-4000-8000-000000000002',
            kind: 'recharge',
            amountFen: 600,
            paidAt: '2026-11-20T02:00:00.000Z',
            points: 450,
          },
        ],
      }),
    );
    drawerSection();
    expect(await screen.findByText(/退款后未能扣回的积分/, {}, slow)).toBeInTheDocument();
    expect(
      screen.getByText(/订单 7d5f2a90（充值，6\.00 元，支付于 .+）：450 积分未能扣回/),
    ).toBeInTheDocument();
  });
});
