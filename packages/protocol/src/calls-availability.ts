import { z } from 'zod';
import { CallLanguage, CALL_LANGUAGES } from './calls-language.ts';

/**
 * A volunteer's standing choices for being rung (issue 31): the languages they speak, their quiet
 * hours on their own clock, and a pause. The calls namespace carries them (calls.ts).
 */

/** A time of day, 24-hour `HH:MM`, on the volunteer's own clock. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export type TimeOfDay = z.infer<typeof TimeOfDay>;

/** Whether this runtime knows an IANA zone name (PostgreSQL, which computes quiet hours, has the same names). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone as the browser names it (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export const TimeZoneName = z.string().min(1).max(64).refine(isTimeZone);

/**
 * The hours in which a volunteer is not rung, in their own time zone: `start` up to `end`, across
 * midnight when `end` comes first (22:00–07:00). An empty window (start = end) is refused.
 */
export const QuietHours = z
  .object({ enabled: z.boolean(), start: TimeOfDay, end: TimeOfDay })
  .refine((q) => q.start !== q.end, { path: ['end'] });
export type QuietHours = z.infer<typeof QuietHours>;
/** Every volunteer's quiet hours until they change them: on, 22:00 to 07:00. */
export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: true, start: '22:00', end: '07:00' };

/**
 * A pause of the rings: an hour, until tomorrow (the end of their quiet hours, or 07:00 when they
 * are off, in the volunteer's zone), a week; `off` ends a pause early.
 */
export const SNOOZE_CHOICES = ['hour', 'tomorrow', 'week', 'off'] as const;
export const SnoozeChoice = z.enum(SNOOZE_CHOICES);
export type SnoozeChoice = z.infer<typeof SnoozeChoice>;

/**
 * The `availability` event: a volunteer's standing choices. On connecting (and after a change of
 * quiet hours, zone or pause) the page is told all of them; the echo of a choice carries what the
 * choice did, so the page merges each into what it knows.
 */
export const Availability = z.object({
  available: z.boolean(),
  languages: z.array(CallLanguage).min(1).max(CALL_LANGUAGES.length),
  /** The zone the quiet hours are counted in; null until the volunteer's page said it. */
  timeZone: TimeZoneName.nullable().optional(),
  quietHours: QuietHours.optional(),
  /** Not rung until then (ISO); null: not paused. */
  snoozedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type Availability = z.infer<typeof Availability>;
/** All of a volunteer's standing choices, as the server keeps them. */
export type VolunteerProfile = Required<Availability>;

/**
 * What a volunteer's page sends (`setAvailability`): whether to be rung and in which languages,
 * with the browser's time zone; quiet hours and a pause only when the volunteer changed them (left
 * out, the stored ones stay).
 */
export const AvailabilityChoice = z.object({
  available: z.boolean(),
  languages: z.array(CallLanguage).min(1).max(CALL_LANGUAGES.length),
  timeZone: TimeZoneName.optional(),
  quietHours: QuietHours.optional(),
  snooze: SnoozeChoice.optional(),
});
export type AvailabilityChoice = z.infer<typeof AvailabilityChoice>;
