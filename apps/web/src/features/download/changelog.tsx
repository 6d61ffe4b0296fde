import { useTranslation } from 'react-i18next';
import { DOWNLOAD_NS } from '../../i18n/download/index.ts';
import { Markdown } from '../../ui/markdown.tsx';

/**
 * Release notes written by operators, shown as markdown. react-markdown builds React elements
 * from the text: raw HTML in it is never rendered and `javascript:` links are dropped, so nothing
 * in a note can run. Headings start at h3: the page's own h1 and the section's h2 are above them.
 */
export function Changelog({ markdown }: { markdown: string | null | undefined }) {
  const { t } = useTranslation(DOWNLOAD_NS);
  if (markdown === undefined) return <p>{t('changelog.loading')}</p>;
  if (markdown === null) return <p>{t('changelog.empty')}</p>;
  return (
    <div className="changelog">
      <Markdown
        components={{
          h1: 'h3',
          h2: 'h3',
          h3: 'h4',
          h4: 'h5',
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
