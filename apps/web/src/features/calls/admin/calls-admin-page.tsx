import { CALL_STATUSES, type CallStatus } from '@sfm/protocol/calls';
import { adminEndpoints } from '@sfm/protocol/admin';
import {
  callsAdminEndpoints,
  type AdminCallRecord,
  type AdminCallReport,
  type AdminCallsQuery,
  type AdminCallStats,
  type CallReportHandling,
} from '@sfm/protocol/calls-admin';
import { Alert, Button, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { CALLS_ADMIN_NS } from '../../../i18n/admin/calls/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import {
  adminCall,
  failureText,
  FilterBar,
  formatTime,
  tablePaging,
  useAdminData,
} from '../../../back-office/index.ts';
import './calls-admin.css';

type Query = AdminCallsQuery & { page: number; pageSize: number };
type FilterValues = { status?: CallStatus | ''; from?: string; to?: string };

function StatsSummary({ stats }: { stats: AdminCallStats | undefined }) {
  const { t } = useTranslation(CALLS_ADMIN_NS);
  const none = t('stats.none');
  const seconds = (v: number | null | undefined) =>
    v === null || v === undefined ? none : t('seconds', { count: v });
  const items: [string, string][] = [
    [t('stats.total'), String(stats?.total ?? 0)],
    ...CALL_STATUSES.map((s): [string, string] => [t(`statuses.${s}`), String(stats?.byStatus[s] ?? 0)]),
    [
      t('stats.answered'),
      stats?.answeredShare === null || stats === undefined
        ? none
        : `${Math.round(stats.answeredShare * 100)}%`,
    ],
    [t('stats.medianDuration'), seconds(stats?.medianDurationSeconds)],
    [t('stats.medianWait'), seconds(stats?.medianWaitSeconds)],
  ];
  return (
    <section aria-labelledby="call-stats-heading">
      <h2 id="call-stats-heading">{t('stats.heading')}</h2>
      <dl className="call-stats">
        {items.map(([label, value]) => (
          <div key={label} className="call-stats__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Reports() {
  const { t } = useTranslation(CALLS_ADMIN_NS);
  const reports = useAdminData('call-reports', (signal) =>
    adminCall(callsAdminEndpoints.callReports, { open: 'true' }, { signal }),
  );
  const [error, setError] = useState('');

  const handle = async (report: AdminCallReport, handling: CallReportHandling) => {
    setError('');
    try {
      if (handling === 'banned' && report.reportedId) {
        // the users page's ban: the account is refused at its next request, with this reason
        const banned = await adminCall(adminEndpoints.banUser, {
          userId: report.reportedId,
          reason: t('reports.banReason', { reason: t(`reports.reasons.${report.reason}`) }),
        });
        if (!banned.ok) {
          setError(banned.message);
          return;
        }
      }
      const answer = await adminCall(callsAdminEndpoints.handleCallReport, {
        callId: report.callId,
        reporterId: report.reporterId,
        handling,
      });
      if (!answer.ok) {
        setError(answer.message);
        return;
      }
      announce(t(handling === 'warned' ? 'reports.warned' : 'reports.handled'));
      reports.reload();
    } catch (e) {
      setError(failureText(e));
    }
  };

  const columns: TableProps<AdminCallReport>['columns'] = [
    { title: t('reports.at'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('reports.reporter'), dataIndex: 'reporter' },
    { title: t('reports.reported'), dataIndex: 'reported', render: (v: string | null) => v ?? '—' },
    {
      title: t('reports.reason'),
      dataIndex: 'reason',
      render: (r: AdminCallReport['reason']) => t(`reports.reasons.${r}`),
    },
    { title: t('reports.note'), dataIndex: 'note' },
    {
      title: t('reports.actions'),
      key: 'actions',
      render: (_: unknown, report) => (
        <Space wrap>
          <Button onClick={() => void handle(report, 'warned')}>{t('reports.warn')}</Button>
          <Button onClick={() => void handle(report, 'dismissed')}>{t('reports.dismiss')}</Button>
          {report.reportedId ? (
            <Button danger onClick={() => void handle(report, 'banned')}>
              {t('reports.ban')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <section aria-labelledby="call-reports-heading">
      <h2 id="call-reports-heading">{t('reports.heading')}</h2>
      {error || reports.error ? (
        <Alert
          type="error"
          showIcon
          title={error || t('shell.loadFailed', { ns: ADMIN_NS, message: reports.error })}
        />
      ) : null}
      <Table<AdminCallReport>
        rowKey={(r) => `${r.callId}:${r.reporterId}`}
        columns={columns}
        dataSource={reports.data?.items ?? []}
        loading={reports.loading}
        pagination={false}
        locale={{ emptyText: t('reports.empty') }}
      />
    </section>
  );
}

/** /bme_admin/calls: every call with filters and its statistics, and the reports to handle. */
export function CallsAdminPage() {
  const { t } = useTranslation(CALLS_ADMIN_NS);
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: 20 });
  const records = useAdminData(JSON.stringify(query), (signal) =>
    adminCall(callsAdminEndpoints.calls, query, { signal }),
  );
  const seconds = (v: number | null) => (v === null ? '—' : t('seconds', { count: v }));

  const filter = (values: FilterValues) =>
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      ...(values.status && { status: values.status }),
      ...(values.from && { from: values.from }),
      ...(values.to && { to: values.to }),
    });

  const columns: TableProps<AdminCallRecord>['columns'] = [
    { title: t('createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('status'), dataIndex: 'status', render: (s: CallStatus) => t(`statuses.${s}`) },
    { title: t('seeker'), dataIndex: 'seeker' },
    {
      title: t('helper'),
      key: 'helper',
      render: (_: unknown, r) =>
        r.helper === null ? '—' : r.helperKind === 'operator' ? t('operator', { name: r.helper }) : r.helper,
    },
    { title: t('language'), dataIndex: 'language' },
    { title: t('wait'), dataIndex: 'waitSeconds', render: seconds },
    { title: t('duration'), dataIndex: 'durationSeconds', render: seconds },
  ];

  return (
    <>
      <StatsSummary stats={records.data?.stats} />
      <h2>{t('records')}</h2>
      <FilterBar<FilterValues>
        label={t('filters')}
        fields={[
          {
            name: 'status',
            label: t('status'),
            kind: 'select',
            width: 140,
            options: [
              { value: '', label: t('all') },
              ...CALL_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
            ],
          },
          { name: 'from', label: t('from'), kind: 'date' },
          { name: 'to', label: t('to'), kind: 'date' },
        ]}
        initialValues={{ status: '' }}
        applyText={t('apply')}
        onApply={filter}
      />
      {records.error ? (
        <Alert
          type="error"
          showIcon
          title={t('shell.loadFailed', { ns: ADMIN_NS, message: records.error })}
        />
      ) : null}
      <Table<AdminCallRecord>
        rowKey="id"
        columns={columns}
        dataSource={records.data?.items ?? []}
        loading={records.loading}
        {...tablePaging(query, setQuery, records.data?.total ?? 0, (count) => t('total', { count }))}
      />
      <Reports />
    </>
  );
}
