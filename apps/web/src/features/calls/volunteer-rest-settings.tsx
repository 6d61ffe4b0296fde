import {
  DEFAULT_QUIET_HOURS,
  type Availability,
  type QuietHours,
  type SnoozeChoice,
} from '@sfm/protocol/calls-availability';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS_NS } from '../../i18n/calls/index.ts';
import { announce } from '../../ui/announcer.tsx';
import './volunteer-rest-settings.css';

/**
 * The zone this device's clock is in, as the server places quiet hours in it; null when the
 * browser cannot say (some report `Etc/Unknown`): then none is sent, rather than a choice refused.
 */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone || null;
  } catch {
    return null;
  }
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `now` (on this device's clock) falls in the quiet window, which may cross midnight. */
export function inQuietHours(quiet: QuietHours, now: Date): boolean {
  if (!quiet.enabled) return false;
  const at = now.getHours() * 60 + now.getMinutes();
  const [start, end] = [minutes(quiet.start), minutes(quiet.end)];
  return start < end ? at >= start && at < end : at >= start || at < end;
}

/** The time now, again every minute: a pause runs out and quiet hours begin while the page is open. */
export function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface RestChange {
  quietHours?: QuietHours;
  snooze?: SnoozeChoice;
}

interface Props {
  availability: Availability | null;
  disabled: boolean;
  onChange(change: RestChange): void;
}

const SNOOZES = [
  ['hour', 'volunteer.snoozeHour'],
  ['tomorrow', 'volunteer.snoozeTomorrow'],
  ['week', 'volunteer.snoozeWeek'],
] as const;

/** When a pause ends, as the volunteer reads it: the day and the time on their clock. */
export const pauseEnd = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/**
 * Why an available volunteer is not rung now: paused until a time, or in their quiet hours (on this
 * device's clock, as the page shows them); null when a call can ring.
 */
export function restingNow(
  availability: Availability,
  now: number,
): { pausedUntil: string } | 'quiet' | null {
  const until = availability.snoozedUntil;
  if (until && Date.parse(until) > now) return { pausedUntil: until };
  return inQuietHours(availability.quietHours ?? DEFAULT_QUIET_HOURS, new Date(now)) ? 'quiet' : null;
}

/**
 * A volunteer's quiet hours (on/off, start, end, on their own clock) and a pause of the rings (an
 * hour, until tomorrow, a week, or ended early). Every change is said through the live region.
 */
export function VolunteerRestSettings({ availability, disabled, onChange }: Props) {
  const { t, i18n } = useTranslation(CALLS_NS);
  const id = useId();
  const now = useMinute();
  const stored = availability?.quietHours ?? DEFAULT_QUIET_HOURS;
  // what the volunteer is typing, while it is not a window that can be kept (start = end)
  const [editing, setEditing] = useState<QuietHours | null>(null);
  const quiet = editing ?? stored;
  const sameTime = quiet.start === quiet.end;
  const snoozedUntil = availability?.snoozedUntil ?? null;
  const snoozed = snoozedUntil !== null && Date.parse(snoozedUntil) > now;
  const when = (iso: string) => pauseEnd(iso, i18n.language);

  const changeQuiet = (next: QuietHours) => {
    if (!TIME_OF_DAY.test(next.start) || !TIME_OF_DAY.test(next.end) || next.start === next.end) {
      setEditing(next);
      return;
    }
    setEditing(null);
    onChange({ quietHours: next });
    announce(
      next.enabled ? t('volunteer.quietOn', { start: next.start, end: next.end }) : t('volunteer.quietOff'),
    );
  };

  // a pause is said once the server answered with its end (it places "tomorrow" on the volunteer's clock)
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    announce(
      snoozedUntil && Date.parse(snoozedUntil) > Date.now()
        ? t('volunteer.snoozedUntil', { time: when(snoozedUntil) })
        : t('volunteer.snoozeEnded'),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- said when the pause changes, not the words
  }, [snoozedUntil]);
  const snooze = (choice: SnoozeChoice) => {
    asked.current = true;
    onChange({ snooze: choice });
  };

  return (
    <>
      <fieldset className="call-rest">
        <legend className="field__label">{t('volunteer.quietHours')}</legend>
        <label className="check">
          <input
            type="checkbox"
            role="switch"
            className="check__box"
            checked={quiet.enabled}
            disabled={disabled}
            aria-describedby={`${id}-quiet-hint`}
            onChange={(e) => changeQuiet({ ...quiet, enabled: e.target.checked })}
          />
          {t('volunteer.quietHoursSwitch')}
        </label>
        <div className="call-rest__times">
          {(['start', 'end'] as const).map((edge) => (
            <div key={edge} className="field">
              <label className="field__label" htmlFor={`${id}-${edge}`}>
                {t(edge === 'start' ? 'volunteer.quietStart' : 'volunteer.quietEnd')}
              </label>
              <input
                id={`${id}-${edge}`}
                type="time"
                className="field__input"
                value={quiet[edge]}
                disabled={disabled || !quiet.enabled}
                aria-invalid={sameTime}
                aria-describedby={sameTime ? `${id}-same` : undefined}
                onChange={(e) => changeQuiet({ ...quiet, [edge]: e.target.value })}
              />
            </div>
          ))}
        </div>
        {sameTime ? (
          <p id={`${id}-same`} className="field__error" role="alert">
            {t('volunteer.quietSameTime')}
          </p>
        ) : null}
        <p id={`${id}-quiet-hint`} className="field__hint">
          {inQuietHours(stored, new Date(now))
            ? t('volunteer.quietNow')
            : t('volunteer.quietHint', { zone: availability?.timeZone ?? browserTimeZone() ?? '' })}
        </p>
      </fieldset>
      <fieldset className="call-rest">
        <legend className="field__label">{t('volunteer.snooze')}</legend>
        {snoozed ? (
          <p className="call-rest__paused">{t('volunteer.snoozedUntil', { time: when(snoozedUntil) })}</p>
        ) : null}
        <div className="call-controls">
          {SNOOZES.map(([choice, label]) => (
            <button
              key={choice}
              type="button"
              className="button button--secondary"
              disabled={disabled}
              onClick={() => snooze(choice)}
            >
              {t(label)}
            </button>
          ))}
          {snoozed ? (
            <button
              type="button"
              className="button button--primary"
              disabled={disabled}
              onClick={() => snooze('off')}
            >
              {t('volunteer.snoozeEnd')}
            </button>
          ) : null}
        </div>
      </fieldset>
    </>
  );
}
