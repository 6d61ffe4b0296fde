import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_NS } from '../../i18n/points/index.ts';
import { formatDay } from './points-format.ts';
import { usePointsDetails } from './use-points-details.ts';

/** The personal centre's points card: the total and the VIP state (its links to the log and to recharge are the centre's). */
export function PointsSummary() {
  const { t } = useTranslation(POINTS_NS);
  const details = usePointsDetails();
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t('summary.title')}</h2>
      {details ? (
        <>
          <p>{t('summary.points', { points: details.totalPoints })}</p>
          <p>
            {details.isVip && details.vipExpiryDate
              ? t('summary.vipUntil', { date: formatDay(details.vipExpiryDate) })
              : t('summary.notVip')}
          </p>
        </>
      ) : (
        <p>{t('summary.loading')}</p>
      )}
    </section>
  );
}
