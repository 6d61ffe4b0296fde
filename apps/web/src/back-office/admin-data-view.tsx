import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n/admin/index.ts';
import type { AdminData } from './use-admin-data.ts';

/** Something loaded for a page: why its load failed, nothing during the first load, or `render`'s view of it. */
export function AdminDataView<T>({ data, render }: { data: AdminData<T>; render: (value: T) => ReactNode }) {
  const { t } = useTranslation(ADMIN_NS);
  if (data.error)
    return <Alert type="error" showIcon title={t('shell.loadFailed', { message: data.error })} />;
  return data.data ? render(data.data) : null;
}
