import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from './points-format.ts';
import { usePointsDetails } from './use-points-details.ts';

/** The personal centre's points card: the total and the VIP state (its links to the log and to recharge are the centre's). */
export function PointsSummary() {
  const { t } = useTranslation();
  const details = usePointsDetails();
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t('personal.account.pointsTitle')}</h2>
      {details ? (
        <>
          <p>{t('personal.account.points', { points: details.totalPoints })}</p>
          <p>
            {details.isVip && details.vipExpiryDate
              ? t('personal.account.vipUntil', { date: formatDay(details.vipExpiryDate) })
              : t('personal.account.notVip')}
          </p>
        </>
      ) : (
        <p>{t('personal.account.pointsLoading')}</p>
      )}
    </section>
  );
}
