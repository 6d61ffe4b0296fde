import type { UserType } from '@sfm/protocol';
import {
  adminEndpoints,
  type AdminUsersQuery,
  type AdminUsersSort,
  type AdminUserSummary,
  type UserRoleFilter,
  type UserStatus,
} from '@sfm/protocol/admin';
import { Alert, Button, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { adminCall, FilterBar, formatTime, StatusTag, useAdminData } from '../../../back-office/index.ts';
import { UserDrawer } from './user-drawer.tsx';
import { roleOf, userName } from './user-words.ts';

type Query = Omit<Partial<AdminUsersQuery>, 'page' | 'pageSize'> & { page: number; pageSize: number };
interface FilterValues {
  search?: string;
  role?: UserRoleFilter | 'all';
  status?: UserStatus | 'all';
}

const SORTABLE: readonly AdminUsersSort[] = ['createdAt', 'lastActiveAt', 'analyses', 'nickname'];

/**
 * /bme_admin/users: every user, page by page from the server, sortable, searched by phone or
 * nickname and filtered by role and status; a row opens the user's drawer.
 */
export function UsersPage() {
  const { t } = useTranslation(ADMIN_NS);
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' });
  const [openUser, setOpenUser] = useState<string | null>(null);
  const users = useAdminData(JSON.stringify(query), (signal) =>
    adminCall(adminEndpoints.users, query, { signal }),
  );

  const filter = (values: FilterValues) =>
    setQuery((q) => ({
      ...q,
      page: 1,
      search: values.search?.trim() || undefined,
      role: values.role === 'all' ? undefined : values.role,
      status: values.status === 'all' ? undefined : values.status,
    }));

  const sortOrder = (key: AdminUsersSort) =>
    query.sort === key ? (query.order === 'asc' ? 'ascend' : 'descend') : null;

  const onChange: TableProps<AdminUserSummary>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = SORTABLE.find((k) => k === one?.columnKey);
    setQuery((q) => ({
      ...q,
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? q.pageSize,
      sort: key && one?.order ? key : 'createdAt',
      order: key && one?.order === 'ascend' ? 'asc' : 'desc',
    }));
  };

  const columns: TableProps<AdminUserSummary>['columns'] = [
    { title: t('users.columns.id'), dataIndex: 'id', key: 'id', render: (id: string) => id.slice(0, 8) },
    { title: t('users.columns.phone'), dataIndex: 'phoneMasked', key: 'phone' },
    {
      title: t('users.columns.nickname'),
      dataIndex: 'nickname',
      key: 'nickname',
      sorter: true,
      sortOrder: sortOrder('nickname'),
      render: (nickname: string | null) => nickname ?? t('users.noNickname'),
    },
    {
      title: t('users.columns.role'),
      dataIndex: 'userType',
      key: 'role',
      render: (userType: UserType | null) => t(`users.roleNames.${roleOf(userType)}`),
    },
    {
      title: t('users.columns.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (iso: string) => formatTime(iso),
    },
    {
      title: t('users.columns.lastActiveAt'),
      dataIndex: 'lastActiveAt',
      key: 'lastActiveAt',
      sorter: true,
      sortOrder: sortOrder('lastActiveAt'),
      render: (iso: string | null) => formatTime(iso, t('users.never')),
    },
    {
      title: t('users.columns.analyses'),
      dataIndex: 'analyses',
      key: 'analyses',
      sorter: true,
      sortOrder: sortOrder('analyses'),
    },
    {
      title: t('users.columns.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: UserStatus) => (
        <StatusTag ok={status !== 'banned'}>{t(`users.statusNames.${status}`)}</StatusTag>
      ),
    },
    {
      title: t('users.columns.actions'),
      key: 'actions',
      render: (_: unknown, user: AdminUserSummary) => (
        <Button
          onClick={() => setOpenUser(user.id)}
          aria-label={t('users.detailsOf', { name: userName(user) })}
        >
          {t('users.details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <FilterBar<FilterValues>
        fields={[
          { name: 'search', label: t('users.search'), kind: 'search' },
          {
            name: 'role',
            label: t('users.role'),
            kind: 'select',
            width: 140,
            options: [
              { value: 'all', label: t('users.all') },
              ...(['help_seeker', 'volunteer', 'unset'] as const).map((r) => ({
                value: r,
                label: t(`users.roleNames.${r}`),
              })),
            ],
          },
          {
            name: 'status',
            label: t('users.status'),
            kind: 'select',
            width: 140,
            options: [
              { value: 'all', label: t('users.all') },
              ...(['active', 'banned'] as const).map((s) => ({
                value: s,
                label: t(`users.statusNames.${s}`),
              })),
            ],
          },
        ]}
        initialValues={{ role: 'all', status: 'all' }}
        applyText={t('users.searchButton')}
        onApply={filter}
      />
      {users.error ? (
        <Alert type="error" showIcon title={t('shell.loadFailed', { message: users.error })} />
      ) : null}
      <Table<AdminUserSummary>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.items ?? []}
        loading={users.loading}
        onChange={onChange}
        showSorterTooltip={false}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('users.total', { count }),
        }}
      />
      {openUser ? (
        <UserDrawer userId={openUser} onClose={() => setOpenUser(null)} onChanged={users.reload} />
      ) : null}
    </>
  );
}
