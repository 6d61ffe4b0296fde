import {
  SceneBehaviour,
  SceneCategory,
  SceneIcon as SceneIconEnum,
  SCENE_INTERVAL_MAX_SECONDS,
  SCENE_INTERVAL_MIN_SECONDS,
  type MarketScene,
} from '@sfm/protocol/market';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { Page } from '../../ui/page.tsx';
import { Choices } from './choices.tsx';
import { fieldAria, FormField } from './form-field.tsx';
import { marketPaths } from './paths.ts';
import { SceneDelete } from './scene-delete.tsx';
import type { SceneField, SceneForm } from './scene-form-state.ts';
import { SceneIcon } from './scene-icon.tsx';
import { SceneStatusNote } from './scene-status.tsx';
import { SceneTry } from './scene-try.tsx';
import { useSceneForm } from './use-scene-form.ts';
import './market.css';

interface SceneEditorProps {
  scene: MarketScene | null;
  title: string;
  onSaved(scene: MarketScene): void;
}

/** The scene's form (a new one when `scene` is null), its "try it", and deleting a saved one. */
export function SceneEditor({ scene, title, onSaved }: SceneEditorProps) {
  const { t } = useTranslation(MARKET_NS);
  const { form, errors, formError, saving, prefix, fieldId, set, save } = useSceneForm(scene, onSaved);

  const hints: Partial<Record<SceneField, string>> = {
    name: t('form.nameHint'),
    prompt: t('form.promptHint'),
    interval: t('form.intervalHint'),
  };
  const errorProps = (field: SceneField) => fieldAria(fieldId(field), hints[field], errors[field]);
  const fieldProps = (field: SceneField, label: string) => ({
    id: fieldId(field),
    label,
    hint: hints[field],
    error: errors[field],
  });

  const isPublic = form.visibility === 'public';

  return (
    <Page title={title} className="market scene-form">
      {scene ? <SceneStatusNote scene={scene} /> : null}
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(isPublic);
        }}
      >
        <FormField {...fieldProps('name', t('form.name'))}>
          <input
            id={fieldId('name')}
            className="field__input"
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            {...errorProps('name')}
          />
        </FormField>
        <FormField {...fieldProps('description', t('form.description'))}>
          <textarea
            id={fieldId('description')}
            className="field__input"
            rows={2}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            {...errorProps('description')}
          />
        </FormField>
        <FormField {...fieldProps('prompt', t('form.prompt'))}>
          <textarea
            id={fieldId('prompt')}
            className="field__input"
            rows={4}
            value={form.prompt}
            onChange={(e) => set('prompt', e.target.value)}
            {...errorProps('prompt')}
          />
        </FormField>

        <Choices
          legend={t('form.behaviour')}
          name={`${prefix}-behaviour`}
          options={SceneBehaviour.options.map((b) => ({ value: b, label: t(`behaviours.${b}`) }))}
          value={form.behaviour}
          onChange={(b) => set('behaviour', b)}
          id={fieldId('behaviour')}
        />
        {form.behaviour === 'auto' ? (
          <FormField {...fieldProps('interval', t('form.interval'))}>
            <input
              id={fieldId('interval')}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={SCENE_INTERVAL_MIN_SECONDS}
              max={SCENE_INTERVAL_MAX_SECONDS}
              value={form.interval}
              onChange={(e) => set('interval', e.target.value)}
              {...errorProps('interval')}
            />
          </FormField>
        ) : null}
        <FormField {...fieldProps('category', t('form.category'))}>
          <select
            id={fieldId('category')}
            className="field__input"
            value={form.category}
            onChange={(e) => set('category', e.target.value as SceneForm['category'])}
          >
            {SceneCategory.options.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
        </FormField>
        <Choices
          legend={t('form.icon')}
          name={`${prefix}-icon`}
          options={SceneIconEnum.options.map((i) => ({
            value: i,
            label: t(`icons.${i}`),
            before: <SceneIcon icon={i} decorative />,
          }))}
          value={form.icon}
          onChange={(i) => set('icon', i)}
          id={fieldId('icon')}
          className="choices--grid"
        />
        <Choices
          legend={t('form.visibility')}
          name={`${prefix}-visibility`}
          options={[
            { value: 'public' as const, label: t('form.public') },
            { value: 'private' as const, label: t('form.private') },
          ]}
          value={form.visibility}
          onChange={(v) => set('visibility', v)}
          id={fieldId('visibility')}
        />

        <p className="form__alert" role="alert">
          {formError}
        </p>
        <div className="market__buttons">
          {isPublic ? (
            <>
              <button type="submit" className="button button--primary" disabled={saving}>
                {t('form.submit')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={saving}
                onClick={() => void save(false)}
              >
                {t('form.saveDraft')}
              </button>
            </>
          ) : (
            <button type="submit" className="button button--primary" disabled={saving}>
              {t('form.save')}
            </button>
          )}
        </div>
      </form>

      <SceneTry prompt={form.prompt} />

      {scene ? <SceneDelete scene={scene} /> : null}
      <p>
        <Link to={marketPaths.market}>{t('form.back')}</Link>
      </p>
    </Page>
  );
}
