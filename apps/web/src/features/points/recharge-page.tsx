import type { OrderKind, PaymentOrder, PointsCatalogue } from '@sfm/protocol/points';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import { api } from '../../api/http-client.ts';
import { POINTS_NS } from '../../i18n/points/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { formatDay, yuan } from './points-format.ts';
import { usePointsDetails } from './use-points-details.ts';
import './points.css';
import { pointsPaths } from './paths.ts';

const ORDER_TEXT = { paid: 'recharge.paid', failed: 'recharge.failed' } as const;

/**
 * /points-recharge: buy points or a VIP plan. An order sends the user to its provider's checkout;
 * coming back here with `?orderId=` asks for the order's state (which credits a paid one the
 * gateway's notify has not reached yet) and says how it ended.
 */
export function RechargePage() {
  const { t } = useTranslation(POINTS_NS);
  const { t: tApp } = useTranslation();
  const announce = useAnnounce();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const returnedOrder = params.get('orderId');
  const [catalogue, setCatalogue] = useState<PointsCatalogue | null>(null);
  const [order, setOrder] = useState<PaymentOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const details = usePointsDetails(order?.status);
  const packagesId = useId();
  const plansId = useId();

  useEffect(() => {
    api
      .call('pointsCatalogue')
      .then((answer) => (answer.ok ? setCatalogue(answer.data) : console.error('catalogue', answer.message)))
      .catch((error: unknown) => console.error('catalogue', error));
  }, []);

  useEffect(() => {
    if (!returnedOrder) return;
    api
      .call('pointsOrder', { orderId: returnedOrder })
      .then((answer) => {
        if (!answer.ok) return console.error('order status', answer.message);
        setOrder(answer.data);
        const key =
          answer.data.status === 'paid' || answer.data.status === 'failed'
            ? ORDER_TEXT[answer.data.status]
            : 'recharge.pending';
        announce(t(key, { name: answer.data.itemName }));
      })
      .catch((error: unknown) => console.error('order status', error));
  }, [returnedOrder, announce, t]);

  const buy = async (kind: OrderKind, itemId: string) => {
    setBusy(true);
    const withdraw = announce(t('recharge.creating'));
    try {
      const answer = await api.call('pointsCreateOrder', { kind, itemId });
      if (!answer.ok) {
        announce(t('recharge.orderFailed', { message: answer.message }), { assertive: true });
        return;
      }
      withdraw();
      const url = answer.data.checkoutUrl;
      // the sandbox's checkout is a page of this app; a real gateway's is its own site
      if (url.startsWith('/')) navigate(url);
      else window.location.assign(url);
    } finally {
      setBusy(false);
    }
  };

  const statusText =
    order && (order.status === 'paid' || order.status === 'failed')
      ? t(ORDER_TEXT[order.status], { name: order.itemName })
      : order
        ? t('recharge.pending', { name: order.itemName })
        : null;

  return (
    <Page title={tApp('pages.pointsRecharge')} className="points">
      {statusText ? (
        <p className="card" data-testid="order-status">
          {statusText}
        </p>
      ) : null}
      {details ? (
        <p className="points__total">
          {t('recharge.balance', { value: details.totalPoints })}
          {details.isVip && details.vipExpiryDate ? (
            <>
              {' '}
              <span className="points__vip-badge">{t('vipBadge')}</span>{' '}
              {t('vipUntil', { date: formatDay(details.vipExpiryDate) })}
            </>
          ) : null}
        </p>
      ) : null}
      {catalogue ? (
        <>
          <p>{t('recharge.rules', { free: catalogue.dailyFreePoints, vision: catalogue.costs.vision })}</p>
          <section aria-labelledby={packagesId}>
            <h2 id={packagesId}>{t('recharge.packagesTitle')}</h2>
            <ul className="points__offers">
              {catalogue.rechargePackages.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="button button--primary button--block"
                    disabled={busy}
                    onClick={() => void buy('recharge', p.id)}
                  >
                    {t('recharge.packageButton', { name: p.name, price: yuan(p.priceFen) })}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={plansId}>
            <h2 id={plansId}>{t('recharge.plansTitle')}</h2>
            <ul className="points__offers">
              {catalogue.vipPlans.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="button button--secondary button--block"
                    disabled={busy}
                    onClick={() => void buy('vip', p.id)}
                  >
                    {t('recharge.planButton', {
                      name: p.name,
                      price: yuan(p.priceFen),
                      daily: p.dailyPoints,
                      days: p.days,
                    })}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
      <p>
        <Link to={pointsPaths.logs}>{t('recharge.history')}</Link>
      </p>
    </Page>
  );
}
