import { productAdminEndpoints, type AdminProduct } from '@sfm/protocol/products-admin';
import { Alert, App, Button, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTS_ADMIN_NS } from '../../../i18n/admin/products/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import {
  adminCall,
  failureText,
  FilterBar,
  formatTime,
  tablePaging,
  useAdminData,
} from '../../../back-office/index.ts';
import { ProductDialog } from './product-dialog.tsx';

interface Query {
  q?: string;
  page: number;
  pageSize: number;
}

/**
 * /bme_admin/products: the operator's product list, newest change first, searched by code or
 * name. An operator adds a product (its code, name and notes such as allergens or a dosage), edits
 * or deletes it; the server audits each change. The 条码 mode reads these names.
 */
export function ProductsPage() {
  const { t } = useTranslation(PRODUCTS_ADMIN_NS);
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [error, setError] = useState('');
  const products = useAdminData(JSON.stringify(query), (signal) =>
    adminCall(productAdminEndpoints.adminProducts, query, { signal }),
  );

  const done = (text: string) => {
    void message.success(text);
    announce(text);
    products.reload();
  };

  const remove = (product: AdminProduct) => {
    modal.confirm({
      title: t('removeOf', { name: product.name }),
      content: t('confirmRemove', { name: product.name, code: product.code }),
      okText: t('remove'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        setError('');
        try {
          const answer = await adminCall(productAdminEndpoints.deleteProduct, { code: product.code });
          if (answer.ok) done(t('removed', { name: product.name }));
          else setError(answer.message);
        } catch (failure) {
          setError(failureText(failure));
        }
      },
    });
  };

  const columns: TableProps<AdminProduct>['columns'] = [
    { title: t('code'), dataIndex: 'code', key: 'code' },
    { title: t('name'), dataIndex: 'name', key: 'name' },
    { title: t('notes'), dataIndex: 'notes', key: 'notes' },
    { title: t('updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', render: (v: string) => formatTime(v) },
    { title: t('updatedBy'), dataIndex: 'updatedBy', key: 'updatedBy' },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, product: AdminProduct) => (
        <Space wrap>
          <Button onClick={() => setEditing(product)} aria-label={t('editOf', { name: product.name })}>
            {t('edit')}
          </Button>
          <Button danger onClick={() => remove(product)} aria-label={t('removeOf', { name: product.name })}>
            {t('remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <p>{t('intro')}</p>
      <div className="admin-filters">
        <FilterBar<{ q?: string }>
          fields={[{ name: 'q', label: t('search'), kind: 'search' }]}
          applyText={t('searchButton')}
          onApply={({ q }) => setQuery((old) => ({ ...old, page: 1, q: q?.trim() || undefined }))}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('create')}
        </Button>
      </div>
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      {products.error ? <Alert type="error" showIcon title={products.error} /> : null}
      <Table<AdminProduct>
        rowKey="code"
        columns={columns}
        dataSource={products.data?.items ?? []}
        loading={products.loading}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: true }}
        {...tablePaging(query, setQuery, products.data?.total ?? 0, (count) => t('total', { count }))}
      />
      {editing ? (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onDone={(saved) => {
            setEditing(null);
            done(t(editing === 'new' ? 'created' : 'saved', { name: saved.name }));
          }}
        />
      ) : null}
    </>
  );
}
