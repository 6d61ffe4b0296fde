import { SPEECH_RATE_MAX, SPEECH_RATE_MIN } from '@sfm/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http-client.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { selectLoggedIn, useSession } from '../../session/index.ts';
import { SETTINGS_NS } from '../../i18n/settings/index.ts';

const SPEECH_RATE_STEP = 0.25;
/** 0.5×, 0.75×, … 3×. */
export const SPEECH_RATES: readonly number[] = Array.from(
  { length: Math.round((SPEECH_RATE_MAX - SPEECH_RATE_MIN) / SPEECH_RATE_STEP) + 1 },
  (_, i) => SPEECH_RATE_MIN + i * SPEECH_RATE_STEP,
);

/**
 * The speech rate: applied to the next spoken text at once, said back, and kept on the account
 * (users.speech_rate) so every device speaks at it. Shared by /profile and /operation-settings.
 */
export function SpeechRateField() {
  const { t } = useTranslation(SETTINGS_NS);
  const announce = useAnnounce();
  const id = useId();
  const speechRate = useSession((s) => s.speechRate);
  const setSpeechRate = useSession((s) => s.setSpeechRate);
  const setUser = useSession((s) => s.setUser);
  const loggedIn = useSession(selectLoggedIn);

  const onChange = (value: string) => {
    const rate = Number(value);
    setSpeechRate(rate);
    announce(t('speechRateSaved', { rate }));
    if (!loggedIn) return;
    void api
      .call('updateMe', { speechRate: rate })
      .then((answer) => {
        if (answer.ok) setUser(answer.data);
      })
      .catch(() => undefined);
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('speechRate')}
      </label>
      <select
        id={id}
        className="field__input"
        value={String(speechRate)}
        onChange={(e) => onChange(e.target.value)}
      >
        {SPEECH_RATES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {t('speechRateOption', { rate })}
          </option>
        ))}
      </select>
    </div>
  );
}
