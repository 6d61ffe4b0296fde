import type { MarketScene } from '@sfm/protocol/market';
import { useTranslation } from 'react-i18next';
import { MARKET_NS } from '../../i18n/market/index.ts';

/** The author's view of where their scene stands: private, or its review status and the reason. */
export function SceneStatusNote({ scene }: { scene: MarketScene }) {
  const { t } = useTranslation(MARKET_NS);
  const status = scene.visibility === 'private' ? t('status.private') : t(`status.${scene.status}`);
  return (
    <div className="scene-status">
      <p className="scene-status__line">{t('status.label', { status })}</p>
      {scene.rejectReason ? <p>{t('status.reason', { reason: scene.rejectReason })}</p> : null}
      {scene.live && scene.status === 'pending' ? <p>{t('status.liveKept')}</p> : null}
    </div>
  );
}
