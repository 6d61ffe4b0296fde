import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DayRange } from '../calendar/day-range.ts';

/**
 * Calendar days of a time zone in SQL, so that per-day counts are made by PostgreSQL over the
 * rows themselves (every node gets the same answer) and range filters stay on the indexed column.
 */

/** The instant a day (YYYY-MM-DD) begins in `timeZone`. */
export const startOfDay = (day: string, timeZone: string): SQL =>
  sql`((${day})::date::timestamp at time zone ${timeZone})`;

/** The instant the day after `day` begins in `timeZone` (an exclusive upper bound). */
export const endOfDay = (day: string, timeZone: string): SQL =>
  sql`(((${day})::date + 1)::timestamp at time zone ${timeZone})`;

/** The date on which a timestamptz column's instant falls in `timeZone` (group by it, format after). */
export const localDate = (column: SQLWrapper, timeZone: string): SQL =>
  sql`(${column} at time zone ${timeZone})::date`;

/** The column's instant falls on one of the range's days (a filter on the indexed column). */
export const within = (column: SQLWrapper, range: DayRange): SQL =>
  sql`${column} >= ${startOfDay(range.from, range.timeZone)} and ${column} < ${endOfDay(range.to, range.timeZone)}`;
