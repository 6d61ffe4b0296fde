import {
  adminEndpoints,
  type DashboardSummary,
  type DateRangeQuery,
  pointsAdminEndpoints,
} from '@sfm/protocol/admin';
import { Alert, Button, Form, Input } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { adminCall, useAdminData, type AdminData } from '../admin-api.ts';
import { CallsPanels } from './calls-panels.tsx';
import { ChartPanel, type ChartSeries } from './chart-panel.tsx';

const SUMMARY_ORDER = [
  'users',
  'newUsersToday',
  'activeUsersToday',
  'analysesToday',
  'medianAnalysisMsToday',
  'speechTextsToday',
] as const satisfies readonly (keyof DashboardSummary)[];

function Summary({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation(ADMIN_NS);
  const shown = (key: (typeof SUMMARY_ORDER)[number]) => {
    const value = summary[key];
    if (value === null) return t('dashboard.none');
    return key === 'medianAnalysisMsToday' ? t('dashboard.ms', { value }) : value.toLocaleString();
  };
  return (
    <section className="admin-dashboard__today" aria-labelledby="admin-today">
      <h2 id="admin-today">{t('dashboard.today', { day: summary.today, timeZone: summary.timeZone })}</h2>
      <dl className="admin-stats">
        {SUMMARY_ORDER.map((key) => (
          <div key={key} data-stat={key}>
            <dt>{t(`dashboard.numbers.${key}`)}</dt>
            <dd>{shown(key)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A panel's state: its error, its first load, or its chart. */
function Panel<T>({ data, render }: { data: AdminData<T>; render: (value: T) => ReactNode }) {
  const { t } = useTranslation(ADMIN_NS);
  if (data.error)
    return <Alert type="error" showIcon title={t('shell.loadFailed', { message: data.error })} />;
  return data.data ? render(data.data) : null;
}

function useCharts(range: DateRangeQuery) {
  const key = JSON.stringify(range);
  return {
    users: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardUsers, range, { signal })),
    analyses: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardAnalyses, range, { signal })),
    latency: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardLatency, range, { signal })),
    failures: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardFailures, range, { signal })),
    points: useAdminData(key, (signal) => adminCall(pointsAdminEndpoints.dashboardPoints, range, { signal })),
    calls: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardCalls, range, { signal })),
  };
}

/**
 * /bme_admin/dashboard: today's headline numbers, then four charts over a range of days (the last
 * 30 by default, counted in the server's time zone), each with its numbers as a table.
 */
export function DashboardPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tApp } = useTranslation();
  const [range, setRange] = useState<DateRangeQuery>({});
  const summary = useAdminData('summary', (signal) =>
    adminCall(adminEndpoints.dashboardSummary, undefined, { signal }),
  );
  const charts = useCharts(range);
  const shown = charts.users.data;
  const ms = (value: number) => t('dashboard.ms', { value });

  const analyses = charts.analyses.data;
  const analysesSeries = useMemo<ChartSeries[]>(
    () =>
      (analyses?.scenarios ?? []).map((s, i) => ({
        // a scenario's name is the see-for-me mode's label of the user app
        name: tApp(`seeForMe.modes.${s}`, { defaultValue: s }),
        kind: 'bar',
        stack: 'scenarios',
        values: (analyses?.days ?? []).map((d) => d.counts[i] ?? 0),
      })),
    [analyses, tApp],
  );

  return (
    <>
      {summary.error ? (
        <Alert type="error" showIcon title={t('shell.loadFailed', { message: summary.error })} />
      ) : null}
      {summary.data ? <Summary summary={summary.data} /> : null}

      <Form
        key={shown ? `${shown.from}/${shown.to}` : 'default'}
        className="admin-filters"
        layout="vertical"
        aria-label={t('dashboard.range')}
        initialValues={{ from: shown?.from, to: shown?.to }}
        onFinish={(values: { from?: string; to?: string }) =>
          setRange({ ...(values.from && { from: values.from }), ...(values.to && { to: values.to }) })
        }
      >
        <Form.Item label={t('dashboard.from')} name="from">
          <Input type="date" />
        </Form.Item>
        <Form.Item label={t('dashboard.to')} name="to">
          <Input type="date" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('dashboard.apply')}
        </Button>
      </Form>

      <div className="admin-charts">
        <Panel
          data={charts.users}
          render={(data) => (
            <ChartPanel
              title={t('dashboard.charts.users')}
              days={data.days.map((d) => d.day)}
              series={[
                {
                  name: t('dashboard.series.newUsers'),
                  kind: 'line',
                  values: data.days.map((d) => d.newUsers),
                },
                {
                  name: t('dashboard.series.activeUsers'),
                  kind: 'line',
                  values: data.days.map((d) => d.activeUsers),
                },
              ]}
            />
          )}
        />
        <Panel
          data={charts.analyses}
          render={(data) => (
            <ChartPanel
              title={t('dashboard.charts.analyses')}
              days={data.days.map((d) => d.day)}
              series={analysesSeries}
            />
          )}
        />
        <Panel
          data={charts.latency}
          render={(data) => (
            <ChartPanel
              title={t('dashboard.charts.latency')}
              days={data.days.map((d) => d.day)}
              format={ms}
              series={[
                {
                  name: t('dashboard.series.medianMs'),
                  kind: 'line',
                  values: data.days.map((d) => d.medianMs),
                },
                { name: t('dashboard.series.p95Ms'), kind: 'line', values: data.days.map((d) => d.p95Ms) },
              ]}
            />
          )}
        />
        <Panel
          data={charts.failures}
          render={(data) => (
            <ChartPanel
              title={t('dashboard.charts.failures')}
              days={data.days.map((d) => d.day)}
              series={[
                { name: t('dashboard.series.failed'), kind: 'bar', values: data.days.map((d) => d.failed) },
                {
                  name: t('dashboard.series.unusable'),
                  kind: 'bar',
                  values: data.days.map((d) => d.unusable),
                },
                { name: t('dashboard.series.all'), kind: 'line', values: data.days.map((d) => d.total) },
              ]}
            />
          )}
        />
        <Panel
          data={charts.points}
          render={(data) => (
            <ChartPanel
              title={t('points.dashboard.title')}
              days={data.days.map((d) => d.day)}
              series={(['granted', 'consumed', 'recharged'] as const).map((name) => ({
                name: t(`points.dashboard.${name}`),
                kind: 'line',
                values: data.days.map((d) => d[name]),
              }))}
            />
          )}
        />
        <Panel data={charts.calls} render={(data) => <CallsPanels data={data} />} />
      </div>
    </>
  );
}
