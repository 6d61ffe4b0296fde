import type { PointsLogEntry } from '@sfm/protocol/points';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, loginAs, mockFetch, ok, renderApp, seedStorage } from '../../../test/test-utils.tsx';
import { formatEntryTime, signedAmount } from './points-format.ts';

const DETAILS = {
  totalPoints: 1299,
  freePoints: 199,
  originalPoints: 200,
  vipPoints: 500,
  originalVipPoints: 500,
  paidPoints: 600,
  originalPaidPoints: 600,
  isVip: true,
  vipExpiryDate: '2027-01-05T04:00:00.000Z',
};

const entry = (id: number, over: Partial<PointsLogEntry> = {}): PointsLogEntry => ({
  id: String(id),
  type: 'consume',
  amount: -1,
  remark: null,
  scene: 'vision',
  createdAt: '2026-11-26T04:05:00.000Z',
  after: 1000 - id,
  ...over,
});

/** A server of 13 entries (12 spends, the grant), answering pages of 10 and the type filter. */
function server() {
  const all = [
    ...Array.from({ length: 12 }, (_, i) => entry(13 - i)),
    entry(1, { type: 'other', amount: 200, remark: '每日免费积分', scene: 'other', after: 200 }),
  ];
  const asked: string[] = [];
  mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/points/details') return ok(DETAILS);
    asked.push(u.search);
    const type = u.searchParams.get('type');
    const page = Number(u.searchParams.get('page'));
    const matching = all.filter((e) => !type || e.type === type);
    return ok({
      logs: matching.slice((page - 1) * 10, page * 10),
      pagination: { page, pageSize: 10, total: matching.length, totalPages: Math.ceil(matching.length / 10) },
    });
  });
  return asked;
}

describe('/points-logs', () => {
  it('shows the total, the three tiles with original values and the VIP badge', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    server();
    renderApp('/points-logs');
    expect(await screen.findByTestId('points-total')).toHaveTextContent('总积分 1299');
    expect(screen.getByTestId('points-vip')).toHaveTextContent(/VIP 会员\s*有效期至 2027-01-0\d/);
    for (const [tile, value, original] of [
      ['free', '199', '原始值 200'],
      ['vip', '500', '原始值 500'],
      ['paid', '600', '原始值 600'],
    ] as const) {
      const el = document.querySelector(`[data-tile="${tile}"]`) as HTMLElement;
      expect(within(el).getByText(value)).toBeInTheDocument();
      expect(within(el).getByText(original)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: '充值或开通会员' })).toHaveAttribute('href', '/points-recharge');
  });

  it("keeps the summary's place while the balance loads, hidden from screen readers", async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    let answerDetails!: () => void;
    const detailsAsked = new Promise<void>((resolve) => (answerDetails = resolve));
    mockFetch(async (url) => {
      if (new URL(url, 'http://x').pathname !== '/api/points/details')
        return ok({ logs: [], pagination: { page: 1, pageSize: 10, total: 0, totalPages: 0 } });
      await detailsAsked;
      return ok(DETAILS);
    });
    renderApp('/points-logs');
    // the same boxes stand empty where the balance will show: nothing below moves when it comes
    const placeholder = await screen.findByTestId('points-summary-placeholder');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder.querySelectorAll('.points__tile')).toHaveLength(3);
    answerDetails();
    expect(await screen.findByTestId('points-total')).toHaveTextContent('总积分 1299');
    expect(screen.queryByTestId('points-summary-placeholder')).toBeNull();
  });

  it('lists entries with sign, remark or scene, time and balance; loads more; then "no more records"', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    server();
    renderApp('/points-logs');
    const list = await screen.findByRole('list', { name: '积分记录' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('消费');
    expect(first).toHaveTextContent('-1');
    expect(first).toHaveTextContent('扣除 1 积分');
    expect(first).toHaveTextContent('图片识别');
    expect(first).toHaveTextContent(formatEntryTime('2026-11-26T04:05:00.000Z'));
    expect(first).toHaveTextContent('余额 987');
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(13));
    const last = within(list).getAllByRole('listitem')[12]!;
    expect(last).toHaveTextContent('+200');
    expect(last).toHaveTextContent('增加 200 积分');
    expect(last).toHaveTextContent('每日免费积分');
    expect(screen.getByText('没有更多记录')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();
  });

  it('a new filter asks for page 1 of that type; an empty type says "no points records"', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const asked = server();
    renderApp('/points-logs');
    await userEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    const filter = screen.getByRole('combobox', { name: '记录类型' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['全部', '消费', '充值', '认证奖励', '赠送', '会员奖励']);
    await userEvent.selectOptions(filter, 'gift');
    expect(await screen.findByText('暂无积分记录')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('?page=1&pageSize=10&type=gift');
    await userEvent.selectOptions(filter, 'consume');
    await waitFor(() => expect(screen.getAllByText('消费').length).toBeGreaterThan(10));
    expect(asked.at(-1)).toBe('?page=1&pageSize=10&type=consume');
  });
});

describe('/points-logs when loading fails (spec §8: only logged)', () => {
  it.each([
    ['an error answer', () => fail(500, 'INTERNAL_ERROR', '服务器内部错误')],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s is logged for the balance and the history, and no error is shown', async (_, answer) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    mockFetch(answer);
    renderApp('/points-logs');
    const history = await screen.findByRole('region', { name: '积分记录' });
    await waitFor(() => expect(history).toHaveAttribute('aria-busy', 'false'));
    await waitFor(() =>
      expect(logged.mock.calls.map(([what]) => what)).toEqual(
        expect.arrayContaining(['points details failed', 'points logs failed']),
      ),
    );
    // the page shows what it has: the balance's empty place, the filter, no list and no message
    expect(screen.getByTestId('points-summary-placeholder')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '记录类型' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '积分记录' })).toBeNull();
    expect(screen.queryByText('暂无积分记录')).toBeNull();
    expect(screen.getByTestId('live-alert')).toBeEmptyDOMElement();
    expect(document.body).not.toHaveTextContent(/失败|错误|Failed/);
  });
});

describe('signedAmount', () => {
  it('puts + before a gain, keeps - and zero', () => {
    expect([signedAmount(200), signedAmount(-1), signedAmount(0)]).toEqual(['+200', '-1', '0']);
  });
});
