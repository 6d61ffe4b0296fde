import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page.tsx';

interface PolicySection {
  title: string;
  paragraphs: string[];
}

/** /privacy: the full policy, public, never covered by the consent gate. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const sections = t('privacy.sections', { returnObjects: true }) as unknown as PolicySection[];
  return (
    <Page title={t('privacy.title')} className="privacy">
      <p className="privacy__updated">{t('privacy.updated')}</p>
      <p>{t('privacy.intro')}</p>
      {sections.map((section) => (
        <section key={section.title} className="privacy__section">
          <h2>{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </Page>
  );
}
