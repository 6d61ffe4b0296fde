import type { Availability, AvailabilityChoice } from '@sfm/protocol/calls-availability';

/** A standing choice to send again (on a reconnect): what the volunteer chose, never a pause again. */
export const standing = (a: Availability): AvailabilityChoice => ({
  available: a.available,
  languages: a.languages,
  ...(a.quietHours ? { quietHours: a.quietHours } : {}),
});

/**
 * What the page knows after an `availability` event or its own choice: the server tells the whole
 * profile on connecting and after a change of quiet hours or pause, and echoes a choice (which does
 * not carry the pause's end), so each is merged into what was known.
 */
export function merged(known: Availability | null, told: Availability | AvailabilityChoice): Availability {
  const { available, languages } = told;
  return {
    ...known,
    available,
    languages,
    ...('timeZone' in told && told.timeZone !== undefined ? { timeZone: told.timeZone } : {}),
    ...(told.quietHours ? { quietHours: told.quietHours } : {}),
    ...('snoozedUntil' in told && told.snoozedUntil !== undefined ? { snoozedUntil: told.snoozedUntil } : {}),
  };
}

/**
 * A choice as it is sent, with the zone this device is in (the server places the quiet hours in
 * it), and as it is kept to send again on a reconnect: without its pause, which is asked for once.
 */
export function outgoing(
  choice: AvailabilityChoice,
  timeZone: string | null,
): { sent: AvailabilityChoice; kept: AvailabilityChoice } {
  const kept: AvailabilityChoice = { ...choice };
  delete kept.snooze;
  return { sent: timeZone ? { ...choice, timeZone } : choice, kept };
}
