import {
  AuditAction,
  AuditTargetType,
  adminEndpoints,
  type AuditEntry,
  type AuditQuery,
} from '@sfm/protocol/admin';
import { Alert, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { adminCall, FilterBar, formatTime, tablePaging, useAdminData } from '../../../back-office/index.ts';

type Query = Omit<Partial<AuditQuery>, 'page' | 'pageSize'> & { page: number; pageSize: number };
type FilterValues = Partial<Record<'action' | 'adminId' | 'targetType' | 'targetId' | 'from' | 'to', string>>;
const ALL = '';

/** A before/after snapshot (JSON text), one `field: value` a line for the table. */
function snapshot(json: string | null): string {
  if (json === null) return '—';
  const value: unknown = JSON.parse(json);
  if (value === null || typeof value !== 'object') return json;
  return Object.entries(value)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n');
}

/** /bme_admin/audit: every change an admin made, newest first, filtered by action, admin, target and days. */
export function AuditPage() {
  const { t } = useTranslation(ADMIN_NS);
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: 20 });
  const log = useAdminData(JSON.stringify(query), (signal) =>
    adminCall(adminEndpoints.audit, query, { signal }),
  );
  const admins = useAdminData('audit-admins', (signal) =>
    adminCall(adminEndpoints.auditAdmins, undefined, { signal }),
  );

  const filter = (values: FilterValues) => {
    const chosen = Object.fromEntries(
      Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ALL),
    ) as FilterValues;
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      ...chosen,
      action: chosen.action as AuditAction | undefined,
      targetType: chosen.targetType as AuditTargetType | undefined,
    });
  };

  const columns: TableProps<AuditEntry>['columns'] = [
    { title: t('audit.at'), dataIndex: 'at', render: (v: string) => formatTime(v) },
    { title: t('audit.admin'), dataIndex: 'adminUsername' },
    { title: t('audit.action'), dataIndex: 'action', render: (a: AuditAction) => t(`audit.actions.${a}`) },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_: unknown, e) => `${t(`audit.targetTypes.${e.targetType}`)} ${e.targetLabel}`,
    },
    {
      title: t('audit.before'),
      dataIndex: 'before',
      render: (v: AuditEntry['before']) => <pre className="admin-json">{snapshot(v)}</pre>,
    },
    {
      title: t('audit.after'),
      dataIndex: 'after',
      render: (v: AuditEntry['after']) => <pre className="admin-json">{snapshot(v)}</pre>,
    },
    { title: t('audit.ip'), dataIndex: 'ip' },
  ];

  const all = { value: ALL, label: t('audit.all') };
  return (
    <>
      <FilterBar<FilterValues>
        label={t('audit.filters')}
        fields={[
          {
            name: 'action',
            label: t('audit.action'),
            kind: 'select',
            width: 170,
            options: [all, ...AuditAction.options.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))],
          },
          {
            name: 'adminId',
            label: t('audit.admin'),
            kind: 'select',
            width: 170,
            options: [all, ...(admins.data?.items ?? []).map((a) => ({ value: a.id, label: a.username }))],
          },
          {
            name: 'targetType',
            label: t('audit.targetType'),
            kind: 'select',
            width: 120,
            options: [
              all,
              ...AuditTargetType.options.map((v) => ({ value: v, label: t(`audit.targetTypes.${v}`) })),
            ],
          },
          { name: 'targetId', label: t('audit.targetId'), kind: 'text' },
          { name: 'from', label: t('audit.from'), kind: 'date' },
          { name: 'to', label: t('audit.to'), kind: 'date' },
        ]}
        initialValues={{ action: ALL, adminId: ALL, targetType: ALL }}
        applyText={t('audit.apply')}
        onApply={filter}
      />
      {log.error ? (
        <Alert type="error" showIcon title={t('shell.loadFailed', { message: log.error })} />
      ) : null}
      <Table<AuditEntry>
        rowKey="id"
        columns={columns}
        dataSource={log.data?.items ?? []}
        loading={log.loading}
        {...tablePaging(query, setQuery, log.data?.total ?? 0, (count) => t('audit.total', { count }))}
      />
    </>
  );
}
