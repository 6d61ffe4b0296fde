import { z } from 'zod';

/** The calendar days and day ranges the back office's filters and dashboard panels take. */

/** 2025-02-30 matches the pattern but is no day: it must read back as itself. */
function isCalendarDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
}

/** A calendar day (YYYY-MM-DD) in the server's time zone. */
export const Day = z
  .string({ error: 'errors.date_invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'errors.date_invalid' })
  .refine(isCalendarDay, { error: 'errors.date_invalid' });
export type Day = z.infer<typeof Day>;

/** Days a dashboard range covers when the query names none (ending today). */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest range a dashboard panel answers for. */
export const DASHBOARD_MAX_DAYS = 366;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** `from`..`to` inclusive; either may be left out (defaults: the last 30 days up to today). */
export const DateRangeQuery = z
  .strictObject({ from: Day.optional(), to: Day.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { error: 'errors.date_range_invalid' })
  .refine((r) => !r.from || !r.to || dayNumber(r.to) - dayNumber(r.from) < DASHBOARD_MAX_DAYS, {
    error: 'errors.date_range_too_long',
  });
export type DateRangeQuery = z.infer<typeof DateRangeQuery>;
