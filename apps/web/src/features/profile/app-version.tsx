import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installedBuild } from '../../platform/index.ts';
import { PROFILE_NS } from '../../i18n/profile/index.ts';

/** "About": the build that is running (the native app's own, or the web build's). */
export function AppVersion() {
  const { t } = useTranslation(PROFILE_NS);
  const [build, setBuild] = useState<number | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    void installedBuild().then((b) => live && setBuild(b));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t('account.versionTitle')}</h2>
      <p>{build === null ? '' : t('account.version', { build })}</p>
    </section>
  );
}
