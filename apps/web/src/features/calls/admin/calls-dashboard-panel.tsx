import { type DateRangeQuery } from '@sfm/protocol/admin';
import { callsAdminEndpoints, type DashboardCalls } from '@sfm/protocol/calls-admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, AdminDataView, useAdminData } from '../../../back-office/index.ts';
import { ChartPanel } from '../../../back-office/chart-panel.tsx';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { CALLS_ADMIN_NS } from '../../../i18n/admin/calls/index.ts';

const OUTCOMES = ['completed', 'missed', 'cancelled', 'failed'] as const;
const DURATIONS = ['average', 'median'] as const;
const ANSWER_TIMES = ['answerP50', 'answerP90'] as const;
const ANSWERERS = ['byVolunteers', 'byOperators', 'unanswered'] as const;

/**
 * The dashboard's calls: how the calls of each day ended (stacked bars), how long the completed
 * ones lasted (lines), how long answering took (median and 90th percentile) and who answered
 * (volunteers, operators, nobody), then the same numbers over the chosen days as tiles.
 */
export function CallsPanels({ data }: { data: DashboardCalls }) {
  const { t } = useTranslation(CALLS_ADMIN_NS);
  const totalsId = useId();
  const days = data.days.map((d) => d.day);
  const seconds = (count: number) => t('seconds', { count });
  const shown = (value: number | null) =>
    value === null ? t('dashboard.none', { ns: ADMIN_NS }) : seconds(value);
  const ended = ANSWERERS.reduce((sum, who) => sum + data.totals[who], 0);
  // a count with its share of the calls that ended: "3（43%）"
  const share = (count: number) =>
    ended === 0
      ? count.toLocaleString()
      : t('dashboard.share', { count, percent: Math.round((100 * count) / ended) });
  return (
    <>
      <ChartPanel
        title={t('dashboard.outcomes')}
        days={days}
        series={OUTCOMES.map((outcome) => ({
          name: t(`statuses.${outcome}`),
          kind: 'bar',
          stack: 'outcomes',
          values: data.days.map((d) => d[outcome]),
        }))}
      />
      <ChartPanel
        title={t('dashboard.durations')}
        days={days}
        format={seconds}
        series={DURATIONS.map((name) => ({
          name: t(`dashboard.${name}`),
          kind: 'line',
          values: data.days.map((d) => d[`${name}Seconds`]),
        }))}
      />
      <ChartPanel
        title={t('dashboard.answerTimes')}
        days={days}
        format={seconds}
        series={ANSWER_TIMES.map((name) => ({
          name: t(`dashboard.${name}`),
          kind: 'line',
          values: data.days.map((d) => d[`${name}Seconds`]),
        }))}
      />
      <ChartPanel
        title={t('dashboard.answerers')}
        days={days}
        series={ANSWERERS.map((who) => ({
          name: t(`dashboard.${who}`),
          kind: 'bar',
          stack: 'answerers',
          values: data.days.map((d) => d[who]),
        }))}
      />
      <section className="admin-section" aria-labelledby={totalsId}>
        <h2 id={totalsId}>{t('dashboard.totals')}</h2>
        <dl className="admin-stats">
          {OUTCOMES.map((outcome) => (
            <div key={outcome} data-call-stat={outcome}>
              <dt>{t(`statuses.${outcome}`)}</dt>
              <dd>{data.totals[outcome].toLocaleString()}</dd>
            </div>
          ))}
          {[...DURATIONS, ...ANSWER_TIMES].map((name) => (
            <div key={name} data-call-stat={name}>
              <dt>{t(`dashboard.${name}`)}</dt>
              <dd>{shown(data.totals[`${name}Seconds`])}</dd>
            </div>
          ))}
          {ANSWERERS.map((who) => (
            <div key={who} data-call-stat={who}>
              <dt>{t(`dashboard.${who}`)}</dt>
              <dd>{share(data.totals[who])}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

/** The dashboard's calls over the range of days the operator chose. */
export function CallsDashboardPanel({ range }: { range: DateRangeQuery }) {
  const calls = useAdminData(JSON.stringify(range), (signal) =>
    adminCall(callsAdminEndpoints.dashboardCalls, range, { signal }),
  );
  return <AdminDataView data={calls} render={(data) => <CallsPanels data={data} />} />;
}
