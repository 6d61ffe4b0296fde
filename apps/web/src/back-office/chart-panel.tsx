import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n/admin/index.ts';
import { echarts } from './echarts.ts';

export interface ChartSeries {
  name: string;
  /** One value per day; null: nothing to measure that day (shown as a gap and "none"). */
  values: (number | null)[];
  kind: 'line' | 'bar';
  /** Bars of the same stack sit on one another. */
  stack?: string;
}

export interface ChartPanelProps {
  title: string;
  days: string[];
  series: ChartSeries[];
  /** How a value reads in the table ("300 ms"). */
  format?: (value: number) => string;
}

function Chart({ days, series }: Pick<ChartPanelProps, 'days' | 'series'>) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = echarts.init(element, null, { renderer: 'canvas' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 48, right: 16, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: series.map((s) => ({
          name: s.name,
          type: s.kind,
          stack: s.stack,
          data: s.values,
          connectNulls: false,
        })),
      },
      { notMerge: true },
    );
  }, [days, series]);

  // the canvas is for the eye; the table beside it carries the same numbers for a screen reader
  return <div ref={container} className="admin-chart" aria-hidden="true" />;
}

/**
 * A dashboard chart with its numbers also as a table, visually hidden: a chart is a picture a
 * screen reader cannot read (DESIGN: every chart has the same numbers as a table).
 */
export function ChartPanel({ title, days, series, format = String }: ChartPanelProps) {
  const { t } = useTranslation(ADMIN_NS);
  const headingId = useId();
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Chart days={days} series={series} />
      {/* the clipping box holds the table: a table ignores a width below its content's, and a wide
          one would let the page scroll sideways on a phone */}
      <div className="visually-hidden">
        <table>
          <caption>{t('dashboard.tableCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {series.map((s) => {
                  const value = s.values[i];
                  return (
                    <td key={s.name}>
                      {value === null || value === undefined ? t('dashboard.none') : format(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
