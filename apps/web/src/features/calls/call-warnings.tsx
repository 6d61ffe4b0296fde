import type { CallWarning } from '@sfm/protocol/calls';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS_NS } from '../../i18n/calls/index.ts';
import { api } from '../../api/http-client.ts';

const day = (iso: string) => iso.slice(0, 10);

/**
 * The warnings the back office gave this member after reports about their calls, as the personal
 * centre shows them (beside the replies to their feedback). Nothing at all when there are none.
 */
export function CallWarnings() {
  const { t } = useTranslation(CALLS_NS);
  const headingId = useId();
  const [items, setItems] = useState<CallWarning[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call('callWarnings', undefined, { signal: controller.signal })
      .then((answer) => answer.ok && setItems(answer.data.items))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (items.length === 0) return null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('warnings.heading')}</h2>
      <ul>
        {items.map((w) => (
          <li key={w.callId}>
            {t('warnings.warning', {
              date: day(w.callAt),
              reason: t(`feedback.reasons.${w.reason}`),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
