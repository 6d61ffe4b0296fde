import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Page } from './page.tsx';
import { routes } from './routes.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to={routes.seeForMe} className="button button--secondary">
          {t('notFound.backToSeeForMe')}
        </Link>
      </p>
    </Page>
  );
}
