import { useTranslation } from 'react-i18next';
import { useServerReachable } from './server-reachability.ts';

/**
 * Says on screen, for as long as it is true, that the server cannot be reached. Not a live region:
 * the alert region announces the change once (server-reachability.ts); this stays to be seen and
 * read, in a landmark of its own (it comes before the header) that a screen reader user can jump to.
 */
export function ServerUnreachableBanner() {
  const { t } = useTranslation();
  const reachable = useServerReachable((s) => s.reachable);
  if (reachable) return null;
  return (
    <aside className="server-unreachable" aria-label={t('app.connection')}>
      <p data-testid="server-unreachable">{t('app.serverUnreachable')}</p>
    </aside>
  );
}
