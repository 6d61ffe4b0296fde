import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Page } from '../../ui/page.tsx';
import { routes } from '../../ui/routes.ts';
import { Logo } from './logo.tsx';
import { useSiteInfo } from './site-info.ts';
import { HOME_NS } from '../../i18n/home/index.ts';

const ICP_URL = 'https://beian.miit.gov.cn/';

/** The filing number links to the MIIT register; a site without one (outside China) shows nothing. */
function IcpFooter() {
  const icpFiling = useSiteInfo()?.icpFiling;
  if (!icpFiling) return null;
  return (
    <footer className="home__footer">
      <a href={ICP_URL} className="home__icp" rel="noopener noreferrer">
        {icpFiling}
      </a>
    </footer>
  );
}

/**
 * "/": logo, slogan, welcome, try-now and download links, and the ICP filing when the server has one
 * (ICP_FILING). The native app goes on to /see-for-me instead (its manifest).
 */
export function HomePage() {
  const { t } = useTranslation(HOME_NS);
  return (
    <Page title={t('title')} standaloneTitle className="home" before={<Logo />}>
      <p className="home__slogan">{t('slogan')}</p>
      <p className="home__welcome">{t('welcome')}</p>
      <div className="home__actions">
        <Link to={routes.seeForMe} className="button button--primary button--large">
          {t('tryNow')}
        </Link>
        <Link to={routes.download} className="button button--secondary button--large">
          {t('download')}
        </Link>
      </div>
      <IcpFooter />
    </Page>
  );
}
