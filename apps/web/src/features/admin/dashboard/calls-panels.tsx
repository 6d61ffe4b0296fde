import type { DashboardCalls } from '@sfm/protocol/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { ChartPanel } from './chart-panel.tsx';

const OUTCOMES = ['completed', 'missed', 'cancelled', 'failed'] as const;
const DURATIONS = ['average', 'median'] as const;

/**
 * The dashboard's calls: how the calls of each day ended (stacked bars) and how long the completed
 * ones lasted (lines), then the same numbers over the chosen days as tiles.
 */
export function CallsPanels({ data }: { data: DashboardCalls }) {
  const { t } = useTranslation(ADMIN_NS);
  const totalsId = useId();
  const days = data.days.map((d) => d.day);
  const seconds = (count: number) => t('calls.seconds', { count });
  const shown = (value: number | null) => (value === null ? t('dashboard.none') : seconds(value));
  return (
    <>
      <ChartPanel
        title={t('calls.dashboard.outcomes')}
        days={days}
        series={OUTCOMES.map((outcome) => ({
          name: t(`calls.statuses.${outcome}`),
          kind: 'bar',
          stack: 'outcomes',
          values: data.days.map((d) => d[outcome]),
        }))}
      />
      <ChartPanel
        title={t('calls.dashboard.durations')}
        days={days}
        format={seconds}
        series={DURATIONS.map((name) => ({
          name: t(`calls.dashboard.${name}`),
          kind: 'line',
          values: data.days.map((d) => d[`${name}Seconds`]),
        }))}
      />
      <section className="admin-section" aria-labelledby={totalsId}>
        <h2 id={totalsId}>{t('calls.dashboard.totals')}</h2>
        <dl className="admin-stats">
          {OUTCOMES.map((outcome) => (
            <div key={outcome} data-call-stat={outcome}>
              <dt>{t(`calls.statuses.${outcome}`)}</dt>
              <dd>{data.totals[outcome].toLocaleString()}</dd>
            </div>
          ))}
          {DURATIONS.map((name) => (
            <div key={name} data-call-stat={name}>
              <dt>{t(`calls.dashboard.${name}`)}</dt>
              <dd>{shown(data.totals[`${name}Seconds`])}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
