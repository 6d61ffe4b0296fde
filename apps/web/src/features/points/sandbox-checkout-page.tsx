import type { PaymentOrder } from '@sfm/protocol/points';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { api } from '../../api/http-client.ts';
import { POINTS_NS } from '../../i18n/points/index.ts';
import { Page } from '../../ui/page.tsx';
import { yuan } from './points-format.ts';
import { pointsPaths } from './paths.ts';

/**
 * The embedded sandbox gateway's checkout (`?orderId=`): the user confirms or cancels; the gateway
 * then notifies the server, signed, and the user returns to the recharge page, as with a real one.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation(POINTS_NS);
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const [order, setOrder] = useState<PaymentOrder | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .call('pointsOrder', { orderId })
      .then((answer) => (answer.ok ? setOrder(answer.data) : setProblem(t('checkout.notFound'))))
      .catch((error: unknown) => console.error('sandbox order', error));
  }, [orderId, t]);

  const decide = async (action: 'pay' | 'cancel') => {
    setBusy(true);
    try {
      const answer = await api.call('sandboxCheckout', { orderId, action });
      if (!answer.ok) return setProblem(answer.message);
      navigate(`${pointsPaths.recharge}?orderId=${encodeURIComponent(orderId)}`, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  const open = order?.status === 'created';
  return (
    <Page title={t('checkout.title')} className="points">
      <p>{t('checkout.notice')}</p>
      {problem ? <p role="alert">{problem}</p> : null}
      {order ? (
        <p className="card">{t('checkout.order', { name: order.itemName, price: yuan(order.amountFen) })}</p>
      ) : null}
      {order && !open ? <p>{t('checkout.closed')}</p> : null}
      {open ? (
        <div className="points__offers">
          <button
            type="button"
            className="button button--primary button--block"
            disabled={busy}
            onClick={() => void decide('pay')}
          >
            {t('checkout.pay')}
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={busy}
            onClick={() => void decide('cancel')}
          >
            {t('checkout.cancel')}
          </button>
        </div>
      ) : null}
    </Page>
  );
}
