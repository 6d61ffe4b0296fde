import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { Page } from '../../ui/page.tsx';
import { marketPaths } from './paths.ts';
import { SceneEditor } from './scene-editor.tsx';
import { useEditedScene } from './use-edited-scene.ts';

/** /market/scene/add and /market/scene/{id}: make or edit one's own scene. */
export function SceneFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(MARKET_NS);
  const [loaded, setScene] = useEditedScene(id);
  const title = t(id ? 'form.editTitle' : 'form.addTitle');
  if (loaded.kind === 'loading') {
    return (
      <Page title={title}>
        <p role="status">{t('form.loading')}</p>
      </Page>
    );
  }
  if (loaded.kind === 'missing') {
    return (
      <Page title={t('form.notFound')}>
        <p>
          <Link to={marketPaths.market}>{t('form.back')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <SceneEditor key={loaded.scene?.id ?? 'new'} scene={loaded.scene} title={title} onSaved={setScene} />
  );
}
