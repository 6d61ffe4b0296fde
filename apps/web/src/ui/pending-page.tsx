import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Page } from '../../app/page.tsx';

/** The honest stand-in for routes a later issue builds: a real title and a way back. */
export function PendingPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onSeeForMe = pathname === '/see-for-me';
  return (
    <Page title={title} className="pending">
      <p>{t('pending.text')}</p>
      <p>
        <Link to={onSeeForMe ? '/' : '/see-for-me'} className="button button--secondary">
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
        <Link to="/see-for-me" className="button button--secondary">
          {t('pending.backToSeeForMe')}
        </Link>
      </p>
    </Page>
  );
}
