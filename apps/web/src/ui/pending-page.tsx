import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Page } from './page.tsx';
import { routes } from './routes.ts';

/** The honest stand-in for routes a later issue builds: a real title and a way back. */
export function PendingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const onSeeForMe = pathname === routes.seeForMe;
  return (
    <Page title={t(titleKey)} className="pending">
      <p>{t('pending.text')}</p>
      <p>
        <Link to={onSeeForMe ? routes.home : routes.seeForMe} className="button button--secondary">
          {onSeeForMe ? t('pending.backToHome') : t('pending.backToSeeForMe')}
        </Link>
      </p>
    </Page>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to={routes.seeForMe} className="button button--secondary">
          {t('pending.backToSeeForMe')}
        </Link>
      </p>
    </Page>
  );
}
