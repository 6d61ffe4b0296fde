import { type DateRangeQuery } from '@sfm/protocol/admin';
import { pointsAdminEndpoints } from '@sfm/protocol/points-admin';
import { useTranslation } from 'react-i18next';
import { adminCall, AdminDataView, useAdminData } from '../../../back-office/index.ts';
import { ChartPanel } from '../../../back-office/chart-panel.tsx';
import { POINTS_ADMIN_NS } from '../../../i18n/admin/points/index.ts';

/** The dashboard's points: how many were granted, consumed and recharged each day of the range. */
export function PointsDashboardPanel({ range }: { range: DateRangeQuery }) {
  const { t } = useTranslation(POINTS_ADMIN_NS);
  const points = useAdminData(JSON.stringify(range), (signal) =>
    adminCall(pointsAdminEndpoints.dashboardPoints, range, { signal }),
  );
  return (
    <AdminDataView
      data={points}
      render={(data) => (
        <ChartPanel
          title={t('dashboard.title')}
          days={data.days.map((d) => d.day)}
          series={(['granted', 'consumed', 'recharged'] as const).map((name) => ({
            name: t(`dashboard.${name}`),
            kind: 'line',
            values: data.days.map((d) => d[name]),
          }))}
        />
      )}
    />
  );
}
