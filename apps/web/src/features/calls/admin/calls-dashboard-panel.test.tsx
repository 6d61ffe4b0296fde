import type { DashboardCalls } from '@sfm/protocol/calls-admin';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallsPanels } from './calls-dashboard-panel.tsx';

// the canvas charts are for the eye; what is tested is what a screen reader gets
vi.mock('../../../back-office/echarts.ts', () => ({
  echarts: {
    init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
  },
}));

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

const day = (over: Partial<DashboardCalls['totals']>) => ({
  completed: 0,
  missed: 0,
  cancelled: 0,
  failed: 0,
  averageSeconds: null,
  medianSeconds: null,
  answerP50Seconds: null,
  answerP90Seconds: null,
  byVolunteers: 0,
  byOperators: 0,
  unanswered: 0,
  ...over,
});

const data: DashboardCalls = {
  from: '2030-06-14',
  to: '2030-06-15',
  days: [
    {
      day: '2030-06-14',
      ...day({ completed: 1, answerP50Seconds: 10, answerP90Seconds: 10, byVolunteers: 1 }),
    },
    {
      day: '2030-06-15',
      ...day({
        completed: 3,
        missed: 3,
        answerP50Seconds: 20,
        answerP90Seconds: 52,
        byVolunteers: 2,
        byOperators: 1,
        unanswered: 3,
      }),
    },
  ],
  totals: day({
    completed: 4,
    missed: 3,
    answerP50Seconds: 15,
    answerP90Seconds: 48,
    byVolunteers: 3,
    byOperators: 1,
    unanswered: 3,
  }),
};

describe('the dashboard’s calls', () => {
  it('has time to answer (median, 90th percentile) and who answered, each chart with its table', () => {
    render(<CallsPanels data={data} />);
    const times = screen.getByRole('region', { name: '每日接听用时' });
    const timeRows = within(times)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(timeRows.some((r) => r?.includes('52'))).toBe(true);
    const who = screen.getByRole('region', { name: '每日由谁接听' });
    expect(
      within(who)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['志愿者接听', '客服接听', '无人接听']));
  });

  it('totals say each answerer’s share of the calls that ended', () => {
    const { container } = render(<CallsPanels data={data} />);
    const tile = (name: string) => container.querySelector(`[data-call-stat="${name}"] dd`)?.textContent;
    // 3 of 7 by volunteers, 1 by operators, 3 by nobody
    expect(tile('byVolunteers')).toBe('3（43%）');
    expect(tile('byOperators')).toBe('1（14%）');
    expect(tile('unanswered')).toBe('3（43%）');
    expect(tile('answerP90')).toMatch(/48/);
  });
});
