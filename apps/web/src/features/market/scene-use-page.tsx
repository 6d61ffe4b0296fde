import type { MarketScene } from '@sfm/protocol/market';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { Page } from '../../ui/page.tsx';
import { loadSceneScreen } from '../see-for-me/index.ts';
import { marketApi } from './market-api.ts';
import { sceneEntryOf } from './scene-entry.ts';
import { marketPaths } from './paths.ts';

/** The see-for-me camera screen, fetched as its own chunk. */
const SceneScreen = lazy(() => loadSceneScreen().then((SeeForMePage) => ({ default: SeeForMePage })));

/** What was loaded for which id (another id is loading until its answer comes). */
type Loaded = { id: string } & ({ kind: 'missing' } | { kind: 'ready'; scene: MarketScene });

/**
 * /market/use/{id}: the see-for-me camera screen driven by the scene (its registry entry: base
 * behaviour, interval, prompt). The visit counts as one use; each analysis is metered by the server
 * like any other.
 */
export function SceneUsePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(MARKET_NS);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // one visit, one id: a re-render, a remount in development or a retry counts once
  const [session] = useState(() => crypto.randomUUID());

  useEffect(() => {
    const controller = new AbortController();
    marketApi.scene(id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (!answer.ok) return setLoaded({ id, kind: 'missing' });
        setLoaded({ id, kind: 'ready', scene: answer.data });
        void marketApi.use(id, session).catch(() => undefined);
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ id, kind: 'missing' });
      },
    );
    return () => controller.abort();
  }, [id, session]);

  const current = loaded?.id === id ? loaded : null;
  const scene = current?.kind === 'ready' ? current.scene : null;
  const fixedScene = useMemo(
    () => (scene ? { entry: sceneEntryOf(scene), title: scene.name } : null),
    [scene],
  );

  if (current?.kind === 'missing') {
    return (
      <Page title={t('use.notFound')}>
        <p>
          <Link to={marketPaths.market}>{t('use.back')}</Link>
        </p>
      </Page>
    );
  }
  const loading = (
    <Page title={t('use.loading')}>
      <p role="status">{t('use.loading')}</p>
    </Page>
  );
  if (!fixedScene || !scene) return loading;
  return (
    <Suspense fallback={loading}>
      <SceneScreen key={scene.id} fixedScene={fixedScene} />
    </Suspense>
  );
}
