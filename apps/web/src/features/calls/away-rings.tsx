import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS_NS } from '../../i18n/calls/index.ts';
import { api } from '../../api/http-client.ts';
import { announce } from '../../ui/announcer.tsx';
import * as webPush from '../../platform/web-push.ts';

/**
 * "Ring me when the page is closed": this browser's Web Push subscription, kept by the server for
 * the volunteer. Shown only where the browser has Web Push (not in the native app).
 */
export function AwayRings() {
  const { t } = useTranslation(CALLS_NS);
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void webPush.currentPushSubscription().then(
      (s) => {
        setOn(s !== null);
        // saved again with this visit's language: the rings' notifications are written in it
        if (s) void api.call('callPushSubscribe', s).catch(() => undefined);
      },
      () => setOn(false),
    );
  }, []);
  if (!webPush.pushSupported() || on === null) return null;

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const key = await api.call('callPushKey');
        const subscription = key.ok ? await webPush.subscribePush(key.data.publicKey) : null;
        const saved = subscription ? await api.call('callPushSubscribe', subscription) : null;
        setOn(saved?.ok === true);
        announce(t(saved?.ok ? 'volunteer.awayOn' : 'volunteer.awayFailed'));
      } else {
        const endpoint = await webPush.unsubscribePush();
        if (endpoint) await api.call('callPushUnsubscribe', { endpoint });
        setOn(false);
        announce(t('volunteer.awayOff'));
      }
    } catch {
      announce(t('volunteer.awayFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="check">
      <input
        type="checkbox"
        role="switch"
        className="check__box"
        checked={on}
        disabled={busy}
        onChange={(e) => void change(e.target.checked)}
      />
      {t('volunteer.away')}
    </label>
  );
}
