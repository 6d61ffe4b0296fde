import type { MarketScene } from '@sfm/protocol/market';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { NetworkError } from '../../api/http-client.ts';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { marketApi } from './market-api.ts';
import { MarketDialog } from './market-dialog.tsx';
import { marketPaths } from './paths.ts';

/** Deleting one's own scene: a button, then a confirmation; done, the market list is shown. */
export function SceneDelete({ scene }: { scene: MarketScene }) {
  const { t } = useTranslation(MARKET_NS);
  const announce = useAnnounce();
  const [, navigate] = useLocation();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const remove = async () => {
    try {
      const answer = await marketApi.remove(scene.id);
      if (!answer.ok) {
        setConfirmDelete(false);
        return announce(answer.message, { assertive: true });
      }
      announce(t('form.deleted', { name: scene.name }));
      navigate(marketPaths.market, { replace: true });
    } catch (error) {
      if (error instanceof NetworkError) announce(error.message, { assertive: true });
    }
  };

  return (
    <>
      <p>
        <button type="button" className="button button--danger" onClick={() => setConfirmDelete(true)}>
          {t('form.delete')}
        </button>
      </p>
      <MarketDialog open={confirmDelete} title={t('form.delete')} onClose={() => setConfirmDelete(false)}>
        <p>{t('form.confirmDelete', { name: scene.name })}</p>
        <div className="market__buttons">
          <button type="button" className="button button--danger" onClick={() => void remove()}>
            {t('form.confirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirmDelete(false)}>
            {t('form.cancel')}
          </button>
        </div>
      </MarketDialog>
    </>
  );
}
