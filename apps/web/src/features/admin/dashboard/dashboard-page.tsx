import { adminEndpoints, type DashboardSummary, type DateRangeQuery } from '@sfm/protocol/admin';
import { Alert } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, AdminDataView, FilterBar, useAdminData } from '../../../back-office/index.ts';
import { ChartPanel, type ChartSeries } from '../../../back-office/chart-panel.tsx';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { useBackOffice } from '../shell/back-office-context.ts';

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

function useCharts(range: DateRangeQuery) {
  const key = JSON.stringify(range);
  return {
    users: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardUsers, range, { signal })),
    analyses: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardAnalyses, range, { signal })),
    latency: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardLatency, range, { signal })),
    failures: useAdminData(key, (signal) => adminCall(adminEndpoints.dashboardFailures, range, { signal })),
  };
}

/**
 * /bme_admin/dashboard: today's headline numbers, then four charts over a range of days (the last
 * 30 by default, counted in the server's time zone), each with its numbers as a table, then the
 * features' panels over the same days.
 */
export function DashboardPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tApp } = useTranslation();
  const [range, setRange] = useState<DateRangeQuery>({});
  const summary = useAdminData('summary', (signal) =>
    adminCall(adminEndpoints.dashboardSummary, undefined, { signal }),
  );
  const charts = useCharts(range);
  const { dashboardPanels } = useBackOffice();
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

      <FilterBar<{ from?: string; to?: string }>
        key={shown ? `${shown.from}/${shown.to}` : 'default'}
        label={t('dashboard.range')}
        fields={[
          { name: 'from', label: t('dashboard.from'), kind: 'date' },
          { name: 'to', label: t('dashboard.to'), kind: 'date' },
        ]}
        initialValues={{ from: shown?.from, to: shown?.to }}
        applyText={t('dashboard.apply')}
        onApply={(values) =>
          setRange({ ...(values.from && { from: values.from }), ...(values.to && { to: values.to }) })
        }
      />

      <div className="admin-charts">
        <AdminDataView
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
        <AdminDataView
          data={charts.analyses}
          render={(data) => (
            <ChartPanel
              title={t('dashboard.charts.analyses')}
              days={data.days.map((d) => d.day)}
              series={analysesSeries}
            />
          )}
        />
        <AdminDataView
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
        <AdminDataView
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
        {dashboardPanels.map((FeaturePanel, i) => (
          <Suspense key={i} fallback={null}>
            <FeaturePanel range={range} />
          </Suspense>
        ))}
      </div>
    </>
  );
}
