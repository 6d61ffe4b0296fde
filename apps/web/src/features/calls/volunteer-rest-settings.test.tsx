import type { Availability } from '@sfm/protocol/calls-availability';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLocale } from '../../i18n/index.ts';
import { LiveRegions, resetAnnouncer } from '../../ui/announcer.tsx';
import { merged, outgoing, standing } from './volunteer-availability.ts';
import {
  inQuietHours,
  restingNow,
  VolunteerRestSettings,
  type RestChange,
} from './volunteer-rest-settings.tsx';

const STORED: Availability = {
  available: true,
  languages: ['zh'],
  timeZone: 'Asia/Shanghai',
  quietHours: { enabled: true, start: '22:00', end: '07:00' },
  snoozedUntil: null,
};

/**
 * The volunteer page's quiet-hours and pause controls as the page holds them: each change is sent
 * (recorded here) and taken at once; `tell` plays the server's `availability` event.
 */
function renderSettings(initial: Availability = STORED) {
  const sent: RestChange[] = [];
  let tell: (profile: Availability) => void = () => undefined;
  function Page() {
    const [availability, setAvailability] = useState<Availability | null>(initial);
    tell = (profile) => setAvailability((known) => merged(known, profile));
    return (
      <>
        <VolunteerRestSettings
          availability={availability}
          disabled={false}
          onChange={(change) => {
            sent.push(change);
            setAvailability((known) => merged(known, { ...standing(known ?? initial), ...change }));
          }}
        />
        <LiveRegions />
      </>
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Page />
    </I18nextProvider>,
  );
  return { sent, tell: (profile: Availability) => act(() => tell(profile)) };
}

const said = () => screen.getByTestId('live-polite');
const hhmm = (d: Date) =>
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

describe('the volunteer page: quiet hours and a pause', () => {
  beforeEach(() => {
    resetAnnouncer();
    // noon on this machine's clock (only Date: the timers stay real for the user events)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 1, 12, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('labels every control, in groups, as 48 px targets', () => {
    renderSettings();
    const quiet = screen.getByRole('group', { name: '免打扰时段' });
    expect(quiet).toContainElement(screen.getByRole('switch', { name: '夜间免打扰' }));
    expect(screen.getByRole('switch', { name: '夜间免打扰' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '夜间免打扰' })).toHaveAccessibleDescription(
      '这段时间内不会响铃，按您这里的时间（Asia/Shanghai）计算',
    );
    expect(screen.getByLabelText('免打扰开始时间')).toHaveValue('22:00');
    expect(screen.getByLabelText('免打扰结束时间')).toHaveValue('07:00');
    const pause = screen.getByRole('group', { name: '暂停接听' });
    for (const name of ['暂停 1 小时', '暂停到明天', '暂停一周']) {
      expect(pause).toContainElement(screen.getByRole('button', { name }));
      // .button: min-height and min-width var(--target), 48 px (global.css)
      expect(screen.getByRole('button', { name })).toHaveClass('button');
    }
    // the switch's label is a .check (48 px high), the times .field__input (48 px high)
    expect(screen.getByRole('switch', { name: '夜间免打扰' }).closest('label')).toHaveClass('check');
    expect(screen.getByLabelText('免打扰开始时间')).toHaveClass('field__input');
    // not paused: nothing to end
    expect(screen.queryByRole('button', { name: '结束暂停' })).toBeNull();
  });

  it('says when it is the volunteer’s quiet hours now', () => {
    vi.setSystemTime(new Date(2026, 5, 1, 23, 0));
    renderSettings();
    expect(screen.getByRole('switch', { name: '夜间免打扰' })).toHaveAccessibleDescription(
      '现在是您的免打扰时段，不会响铃',
    );
  });

  it('turns quiet hours off and on from the keyboard, and says so', async () => {
    const user = userEvent.setup();
    const { sent } = renderSettings();
    const toggle = screen.getByRole('switch', { name: '夜间免打扰' });
    toggle.focus();
    await user.keyboard(' ');
    expect(sent).toEqual([{ quietHours: { enabled: false, start: '22:00', end: '07:00' } }]);
    await waitFor(() => expect(said()).toHaveTextContent('免打扰已关闭，任何时间都可能响铃'));
    expect(toggle).not.toBeChecked();
    // the times wait until quiet hours are on again
    expect(screen.getByLabelText('免打扰开始时间')).toBeDisabled();

    await user.keyboard(' ');
    expect(sent.at(-1)).toEqual({ quietHours: { enabled: true, start: '22:00', end: '07:00' } });
    await waitFor(() => expect(said()).toHaveTextContent('免打扰已开启：22:00 到 07:00 不会响铃'));
    expect(screen.getByLabelText('免打扰开始时间')).toBeEnabled();
  });

  it('changes the start and the end; the same time for both is refused, and said', async () => {
    const { sent } = renderSettings();
    fireEvent.change(screen.getByLabelText('免打扰开始时间'), { target: { value: '23:30' } });
    expect(sent).toEqual([{ quietHours: { enabled: true, start: '23:30', end: '07:00' } }]);
    await waitFor(() => expect(said()).toHaveTextContent('免打扰已开启：23:30 到 07:00 不会响铃'));
    fireEvent.change(screen.getByLabelText('免打扰结束时间'), { target: { value: '08:15' } });
    expect(sent.at(-1)).toEqual({ quietHours: { enabled: true, start: '23:30', end: '08:15' } });

    const end = screen.getByLabelText('免打扰结束时间');
    fireEvent.change(end, { target: { value: '23:30' } });
    expect(sent).toHaveLength(2);
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('开始和结束时间不能相同')).toHaveAttribute('role', 'alert');
    expect(end).toHaveAccessibleDescription('开始和结束时间不能相同');
    // a time being typed (cleared) is not sent either
    fireEvent.change(end, { target: { value: '' } });
    expect(sent).toHaveLength(2);
    fireEvent.change(end, { target: { value: '06:00' } });
    expect(sent.at(-1)).toEqual({ quietHours: { enabled: true, start: '23:30', end: '06:00' } });
    expect(screen.queryByText('开始和结束时间不能相同')).toBeNull();
  });

  it('pauses for an hour, until tomorrow or a week, and ends the pause early; each said once the server answers', async () => {
    const user = userEvent.setup();
    const { sent, tell } = renderSettings();
    await user.click(screen.getByRole('button', { name: '暂停 1 小时' }));
    expect(sent).toEqual([{ snooze: 'hour' }]);
    const until = new Date(Date.now() + 3_600_000);
    tell({ ...STORED, snoozedUntil: until.toISOString() });
    const pausedText = new RegExp(`^已暂停接听，.*${hhmm(until)} 恢复$`);
    await waitFor(() => expect(said()).toHaveTextContent(pausedText));
    const pause = screen.getByRole('group', { name: '暂停接听' });
    expect(within(pause).getByText(pausedText)).toBeInTheDocument();

    // from the keyboard: the other lengths, and the end of the pause
    screen.getByRole('button', { name: '暂停到明天' }).focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: '暂停一周' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: '结束暂停' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(sent).toEqual([{ snooze: 'hour' }, { snooze: 'tomorrow' }, { snooze: 'week' }, { snooze: 'off' }]);
    tell({ ...STORED, snoozedUntil: null });
    await waitFor(() => expect(said()).toHaveTextContent('已结束暂停，可以接听求助'));
    expect(screen.queryByRole('button', { name: '结束暂停' })).toBeNull();
    expect(within(pause).queryByText(/已暂停接听/)).toBeNull();
  });

  it('says in English too', async () => {
    await act(() => setLocale('en'));
    try {
      renderSettings();
      expect(screen.getByRole('switch', { name: 'Quiet hours at night' })).toBeChecked();
      expect(screen.getByLabelText('Quiet hours start')).toHaveValue('22:00');
      expect(screen.getByRole('button', { name: 'Pause until tomorrow' })).toBeInTheDocument();
    } finally {
      await act(() => setLocale('zh-CN'));
    }
  });
});

describe('what the volunteer page sends and keeps', () => {
  it('sends every choice with this device’s zone; a pause is sent once, never again on a reconnect', () => {
    const { sent, kept } = outgoing({ available: true, languages: ['zh'], snooze: 'week' }, 'Europe/Paris');
    expect(sent).toEqual({ available: true, languages: ['zh'], snooze: 'week', timeZone: 'Europe/Paris' });
    expect(kept).toEqual({ available: true, languages: ['zh'] });
    // a browser that cannot name its zone sends none (the stored one stays)
    expect(outgoing({ available: true, languages: ['zh'] }, null).sent).toEqual({
      available: true,
      languages: ['zh'],
    });
    expect(standing(STORED)).toEqual({ available: true, languages: ['zh'], quietHours: STORED.quietHours });
  });

  it('merges the echo of a choice (no pause end in it) into the profile it knew', () => {
    const paused = { ...STORED, snoozedUntil: '2026-06-01T23:00:00.000Z' };
    expect(merged(paused, { available: false, languages: ['en'], snooze: 'tomorrow' })).toEqual({
      ...paused,
      available: false,
      languages: ['en'],
    });
    expect(merged(paused, { ...STORED, snoozedUntil: null }).snoozedUntil).toBeNull();
    expect(merged(null, { available: true, languages: ['zh'] })).toEqual({
      available: true,
      languages: ['zh'],
    });
  });

  it('knows quiet hours across midnight and within a day', () => {
    const at = (h: number, m = 0) => new Date(2026, 5, 1, h, m);
    const night = { enabled: true, start: '22:00', end: '07:00' };
    expect([at(21, 59), at(22), at(3), at(6, 59), at(7)].map((d) => inQuietHours(night, d))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    const nap = { enabled: true, start: '13:00', end: '15:00' };
    expect([at(12, 59), at(13), at(14, 59), at(15)].map((d) => inQuietHours(nap, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(inQuietHours({ ...night, enabled: false }, at(23))).toBe(false);
  });
});

describe('why an available volunteer is not rung now (the status line says it instead of 正在等待求助)', () => {
  const at = (hh: number, mm = 0) => new Date(2026, 11, 5, hh, mm).getTime();
  const available: Availability = {
    available: true,
    languages: ['zh'],
    quietHours: { enabled: true, start: '22:00', end: '07:00' },
    snoozedUntil: null,
  };

  it('a pause running now, until its end', () => {
    const until = new Date(at(15)).toISOString();
    expect(restingNow({ ...available, snoozedUntil: until }, at(14))).toEqual({ pausedUntil: until });
    // a pause that ran out rings again (in the daytime)
    expect(restingNow({ ...available, snoozedUntil: until }, at(15, 1))).toBeNull();
  });

  it('quiet hours on this clock, across midnight; none when turned off', () => {
    expect(restingNow(available, at(23))).toBe('quiet');
    expect(restingNow(available, at(6, 59))).toBe('quiet');
    expect(restingNow(available, at(7))).toBeNull();
    expect(
      restingNow({ ...available, quietHours: { enabled: false, start: '22:00', end: '07:00' } }, at(23)),
    ).toBeNull();
    // before the server told the stored hours, the defaults (22:00–07:00) hold
    expect(restingNow({ available: true, languages: ['zh'] }, at(23))).toBe('quiet');
  });
});
