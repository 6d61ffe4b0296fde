import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page.tsx';
import { PRIVACY_NS } from '../../i18n/privacy/index.ts';

interface PolicySection {
  title: string;
  paragraphs: string[];
}

/** /privacy: the full policy, public, never covered by the consent gate. */
export function PrivacyPage() {
  const { t } = useTranslation(PRIVACY_NS);
  const sections = t('sections', { returnObjects: true }) as unknown as PolicySection[];
  return (
    <Page title={t('title')} className="privacy">
      <p className="privacy__updated">{t('updated')}</p>
      <p>{t('intro')}</p>
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
