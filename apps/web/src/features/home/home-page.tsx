import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../app/page.tsx';
import { platform } from '../../platform/index.ts';
import { Logo } from './logo.tsx';

export const ICP_URL = 'https://beian.miit.gov.cn/';

/** "/": logo, slogan, welcome, try-now and download links, ICP filing. Native apps go to /see-for-me. */
export function HomePage() {
  const { t } = useTranslation();
  if (platform.isNative()) return <Navigate to="/see-for-me" replace />;
  return (
    <Page title={t('home.title')} standaloneTitle className="home" before={<Logo />}>
      <p className="home__slogan">{t('home.slogan')}</p>
      <p className="home__welcome">{t('home.welcome')}</p>
      <div className="home__actions">
        <Link to="/see-for-me" className="button button--primary button--large">
          {t('home.tryNow')}
        </Link>
        <Link to="/download" className="button button--secondary button--large">
          {t('home.download')}
        </Link>
      </div>
      <footer className="home__footer">
        <a href={ICP_URL} className="home__icp" rel="noopener noreferrer">
          {t('home.icp')}
        </a>
      </footer>
    </Page>
  );
}
