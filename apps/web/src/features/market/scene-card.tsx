import type { MarketScene } from '@sfm/protocol/market';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { pathTo } from '../../ui/routes.ts';
import { SceneIcon } from './scene-icon.tsx';
import { SceneStatusNote } from './scene-status.tsx';
import { marketPaths } from './paths.ts';

export interface SceneCardProps {
  scene: MarketScene;
  onFavourite(scene: MarketScene): void;
  onReport(scene: MarketScene): void;
}

/**
 * One scene of the list: its name (a heading, the target of "load more"'s focus), description,
 * author, uses and favourites, and its actions, each named with the scene so a list of them reads
 * well. Everything a user typed is a text node: React escapes it, nothing is markup.
 */
export const SceneCard = forwardRef<HTMLHeadingElement, SceneCardProps>(function SceneCard(
  { scene, onFavourite, onReport },
  headingRef,
) {
  const { t } = useTranslation(MARKET_NS);
  const name = scene.name;
  const headingId = `scene-${scene.id}`;
  const author = scene.official
    ? t('card.official')
    : scene.authorName
      ? t('card.author', { name: scene.authorName })
      : t('card.anonymous');
  return (
    <li className="scene-card">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="scene-card__name">
          <SceneIcon icon={scene.icon} />
          <span data-testid="scene-name">{name}</span>
        </h2>
        {scene.description ? <p className="scene-card__description">{scene.description}</p> : null}
        <p className="scene-card__meta">
          <span>{author}</span>
          <span>{t(`categories.${scene.category}`)}</span>
          <span>{t('card.uses', { count: scene.uses })}</span>
          <span>{t('card.favourites', { count: scene.favourites })}</span>
        </p>
        {scene.mine ? <SceneStatusNote scene={scene} /> : null}
        <div className="scene-card__actions">
          <Link
            to={pathTo(marketPaths.use, { id: scene.id })}
            className="button button--primary"
            aria-label={t('card.useNamed', { name })}
          >
            {t('card.use')}
          </Link>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={scene.favourite}
            aria-label={t('card.favouriteNamed', { name })}
            onClick={() => onFavourite(scene)}
          >
            {scene.favourite ? '★ ' : '☆ '}
            {t('card.favourite')}
          </button>
          {scene.mine ? (
            <Link
              to={pathTo(marketPaths.sceneEdit, { id: scene.id })}
              className="button button--secondary"
              aria-label={t('card.editNamed', { name })}
            >
              {t('card.edit')}
            </Link>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('card.reportNamed', { name })}
              onClick={() => onReport(scene)}
            >
              {t('card.report')}
            </button>
          )}
        </div>
      </article>
    </li>
  );
});
