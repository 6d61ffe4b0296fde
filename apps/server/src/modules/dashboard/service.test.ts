import { describe, expect, it } from 'vitest';
import type { DayRange } from '../../calendar/day-range.ts';
import type { DashboardFigures } from '../../module-context.ts';
import { Registry } from '../../registry.ts';
import { DashboardService } from './service.ts';

// 23:30 UTC on 14 June is already 15 June in Shanghai
const clock = () => new Date('2030-06-14T23:30:00Z');
const TZ = 'Asia/Shanghai';

describe('dashboard summary registry', () => {
  it("answers today's figures of every registered module, each asked for today in the server's zone", async () => {
    const asked: DayRange[] = [];
    const figures = new Registry<DashboardFigures>();
    figures.register({
      summary: async (today) => {
        asked.push(today);
        return { users: 4, newUsersToday: 2, activeUsersToday: 3 };
      },
    });
    figures.register({ summary: async () => ({ analysesToday: 6, medianAnalysisMsToday: null }) });
    figures.register({ summary: async () => ({ speechTextsToday: 2 }) });
    expect(await new DashboardService(figures, clock, TZ).summary()).toEqual({
      timeZone: TZ,
      today: '2030-06-15',
      users: 4,
      newUsersToday: 2,
      activeUsersToday: 3,
      analysesToday: 6,
      medianAnalysisMsToday: null,
      speechTextsToday: 2,
    });
    expect(asked).toEqual([{ from: '2030-06-15', to: '2030-06-15', timeZone: TZ }]);
  });

  it('fails rather than answer a summary a figure is missing from (a module left out of the list)', async () => {
    const figures = new Registry<DashboardFigures>();
    figures.register({ summary: async () => ({ users: 4, newUsersToday: 2, activeUsersToday: 3 }) });
    await expect(new DashboardService(figures, clock, TZ).summary()).rejects.toThrow();
  });
});
