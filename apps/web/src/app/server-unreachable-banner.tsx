import { useTranslation } from 'react-i18next';
import { useServerReachable } from './server-reachability.ts';

/**
 * Says on screen, for as long as it is true, that the server cannot be reached. Not a live region:
 * the alert region announces the change once (server-reachability.ts); this stays to be seen and read.
 */
export function ServerUnreachableBanner() {
  const { t } = useTranslation();
  const reachable = useServerReachable((s) => s.reachable);
  if (reachable) return null;
  return (
    <p className="server-unreachable" data-testid="server-unreachable">
      {t('app.serverUnreachable')}
    </p>
  );
}
