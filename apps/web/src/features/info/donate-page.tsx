import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INFO_NS } from '../../i18n/info/index.ts';
import { Link } from 'wouter';
import { Page } from '../../ui/page.tsx';
import { pointsPaths } from '../points/index.ts';

/**
 * /donate: why and how to support the service. A donation is paid through the points feature's
 * payment providers (the sandbox on a fresh install) and credited as points: its recharge page.
 */
export function DonatePage() {
  const { t } = useTranslation(INFO_NS);
  const whyId = useId();
  const howId = useId();
  const thanksId = useId();
  const why = t('donate.why', { returnObjects: true }) as unknown as string[];
  return (
    <Page title={t('pages.donate')} className="donate">
      <section className="card" aria-labelledby={whyId}>
        <h2 id={whyId}>{t('donate.whyTitle')}</h2>
        {why.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <section className="card" aria-labelledby={howId}>
        <h2 id={howId}>{t('donate.howTitle')}</h2>
        <p>{t('donate.how')}</p>
        <p>
          <Link to={pointsPaths.recharge} className="button button--primary button--block">
            {t('donate.donate')}
          </Link>
        </p>
      </section>
      <section className="card" aria-labelledby={thanksId}>
        <h2 id={thanksId}>{t('donate.thanksTitle')}</h2>
        <p>{t('donate.thanks')}</p>
      </section>
    </Page>
  );
}
