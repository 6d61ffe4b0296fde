import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';

/**
 * The page's one h1, which the app focuses on every route change (a screen reader reads on from
 * it), and the document title.
 */
export function AdminHeading({ title }: { title: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const full = `${title}${t('titleSuffix')}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
  return (
    <h1 className="admin-heading" tabIndex={-1} data-page-title="">
      {title}
    </h1>
  );
}
