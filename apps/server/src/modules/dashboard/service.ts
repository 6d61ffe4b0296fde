import { DashboardSummary } from '@sfm/protocol/admin';
import { todayIn } from '../../calendar/day-range.ts';
import type { DashboardFigures } from '../../module-context.ts';
import type { Registry } from '../../registry.ts';
import type { Clock } from '../../security/clock.ts';

/**
 * The dashboard's summary: today's headline numbers in the server's time zone, each counted by the
 * module that owns its rows (ctx.dashboard). The panels over a range of days are their modules' own.
 */
export class DashboardService {
  constructor(
    private readonly figures: Registry<DashboardFigures>,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async summary(): Promise<DashboardSummary> {
    const today = todayIn(this.clock(), this.timeZone);
    const figures = await Promise.all(this.figures.entries.map((source) => source.summary(today)));
    // parsed: a figure no module counted fails here, in every mode, rather than go missing
    return DashboardSummary.parse({
      timeZone: this.timeZone,
      today: today.from,
      ...Object.assign({}, ...figures),
    });
  }
}
