import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, type DateRangeQuery } from '@sfm/protocol/admin';
import { AppError } from '../app-error.ts';
import { addDays, dayIn, daysFrom } from './calendar.ts';

/** Days `from`..`to` (inclusive) of the server's time zone. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** Today as a range of one day: what the dashboard's summary counts over. */
export const todayIn = (now: Date, timeZone: string): DayRange => {
  const today = dayIn(now, timeZone);
  return { from: today, to: today, timeZone };
};

/**
 * A dashboard panel's range: the query's, with its defaults filled in (the last 30 days up to
 * today), checked again now that both ends are known.
 */
export function dayRangeOf(query: DateRangeQuery, now: Date, timeZone: string): DayRange {
  const to = query.to ?? dayIn(now, timeZone);
  const from = query.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  if (from > to) throw new AppError(400, 'errors.date_range_invalid', {}, { field: 'from' });
  if (daysFrom(from, to).length > DASHBOARD_MAX_DAYS) {
    throw new AppError(400, 'errors.date_range_too_long', {}, { field: 'from' });
  }
  return { from, to, timeZone };
}

/**
 * Every day of the range, oldest first, each with what `figures` makes of that day's row (none
 * on a day when nothing happened): a panel answers every day, zero-filled.
 */
export function perDay<R extends { day: string | null }, F>(
  range: DayRange,
  rows: readonly R[],
  figures: (row: R | undefined) => F,
): ({ day: string } & F)[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysFrom(range.from, range.to).map((day) => ({ day, ...figures(byDay.get(day)) }));
}

/** A measured duration (ms or seconds) to the whole unit; null when nothing was measured. */
export const rounded = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(value);
