import {
  SceneBehaviour,
  SceneCategory,
  SceneIcon as SceneIconEnum,
  SCENE_INTERVAL_MAX_SECONDS,
  SCENE_INTERVAL_MIN_SECONDS,
  type MarketScene,
} from '@sfm/protocol';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { NetworkError } from '../../api/http-client.ts';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { pathTo, routes } from '../../ui/routes.ts';
import { marketApi } from './market-api.ts';
import { MarketDialog } from './market-dialog.tsx';
import { SceneIcon } from './scene-icon.tsx';
import {
  contentOf,
  emptySceneForm,
  firstError,
  formOf,
  serverField,
  validateSceneForm,
  type SceneField,
  type SceneForm,
  type SceneFormErrors,
} from './scene-form-state.ts';
import { SceneStatusNote } from './scene-status.tsx';
import { SceneTry } from './scene-try.tsx';
import './market.css';

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'ready'; scene: MarketScene | null };

/** The scene being edited (null when adding); someone else's scene is "not found", as the server says. */
function useEditedScene(id: string | undefined): [Loaded, (scene: MarketScene) => void] {
  const [loaded, setLoaded] = useState<Loaded>(id ? { kind: 'loading' } : { kind: 'ready', scene: null });
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    marketApi.scene(id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setLoaded(
          answer.ok && answer.data.mine ? { kind: 'ready', scene: answer.data } : { kind: 'missing' },
        );
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ kind: 'missing' });
      },
    );
    return () => controller.abort();
  }, [id]);
  return [loaded, (scene) => setLoaded({ kind: 'ready', scene })];
}

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
          <Link to={routes.market}>{t('form.back')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <SceneEditor key={loaded.scene?.id ?? 'new'} scene={loaded.scene} title={title} onSaved={setScene} />
  );
}

interface EditorProps {
  scene: MarketScene | null;
  title: string;
  onSaved(scene: MarketScene): void;
}

function SceneEditor({ scene, title, onSaved }: EditorProps) {
  const { t } = useTranslation(MARKET_NS);
  const announce = useAnnounce();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<SceneForm>(() => (scene ? formOf(scene) : emptySceneForm()));
  const [errors, setErrors] = useState<SceneFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const prefix = useId();
  const fieldId = (field: SceneField) => `${prefix}-${field}`;
  /** A field's control, or the checked choice of a radio group (its fieldset has the field's id). */
  const focusField = (field: SceneField) => {
    const element = document.getElementById(fieldId(field));
    const target = element instanceof HTMLFieldSetElement ? element.querySelector('input:checked') : element;
    if (target instanceof HTMLElement) target.focus();
  };

  const set = <K extends SceneField>(field: K, value: SceneForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    // an error goes away as its field is changed; the rest stay until the next save
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  /** Errors beside their fields, the first focused, and their count and first text said at once. */
  const showErrors = (found: SceneFormErrors) => {
    setErrors(found);
    const first = firstError(found);
    if (!first) return;
    const count = Object.keys(found).length;
    announce(t('form.errors', { count, first: found[first] }), { assertive: true });
    focusField(first);
  };

  const save = async (submit: boolean) => {
    setFormError(null);
    const found = validateSceneForm(form, submit);
    if (firstError(found)) return showErrors(found);
    setSaving(true);
    try {
      const content = contentOf(form, submit);
      const answer = scene ? await marketApi.update(scene.id, content) : await marketApi.create(content);
      if (!answer.ok) {
        const field = serverField(answer.data?.field);
        if (field) return showErrors({ [field]: answer.message });
        setFormError(answer.message);
        announce(answer.message, { assertive: true });
        return;
      }
      announce(t(answer.data.status === 'pending' ? 'form.submitted' : 'form.saved'));
      if (scene) onSaved(answer.data);
      else navigate(pathTo(routes.marketSceneEdit, { id: answer.data.id }), { replace: true });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setFormError(error.message);
      announce(error.message, { assertive: true });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!scene) return;
    try {
      const answer = await marketApi.remove(scene.id);
      if (!answer.ok) {
        setConfirmDelete(false);
        return announce(answer.message, { assertive: true });
      }
      announce(t('form.deleted', { name: scene.name }));
      navigate(routes.market, { replace: true });
    } catch (error) {
      if (error instanceof NetworkError) announce(error.message, { assertive: true });
    }
  };

  const hints: Partial<Record<SceneField, string>> = {
    name: t('form.nameHint'),
    prompt: t('form.promptHint'),
    interval: t('form.intervalHint'),
  };
  const errorProps = (field: SceneField) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(field)}-error` }
      : { 'aria-describedby': hints[field] ? `${fieldId(field)}-hint` : undefined };
  const field = (name: SceneField, label: string, control: ReactNode) => (
    <div className="field">
      <label className="field__label" htmlFor={fieldId(name)}>
        {label}
      </label>
      {hints[name] && !errors[name] ? (
        <p id={`${fieldId(name)}-hint`} className="field__hint">
          {hints[name]}
        </p>
      ) : null}
      {control}
      <FieldError id={`${fieldId(name)}-error`} text={errors[name]} />
    </div>
  );

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
        {field(
          'name',
          t('form.name'),
          <input
            id={fieldId('name')}
            className="field__input"
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            {...errorProps('name')}
          />,
        )}
        {field(
          'description',
          t('form.description'),
          <textarea
            id={fieldId('description')}
            className="field__input"
            rows={2}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            {...errorProps('description')}
          />,
        )}
        {field(
          'prompt',
          t('form.prompt'),
          <textarea
            id={fieldId('prompt')}
            className="field__input"
            rows={4}
            value={form.prompt}
            onChange={(e) => set('prompt', e.target.value)}
            {...errorProps('prompt')}
          />,
        )}

        <Choices
          legend={t('form.behaviour')}
          name={`${prefix}-behaviour`}
          options={SceneBehaviour.options.map((b) => ({ value: b, label: t(`behaviours.${b}`) }))}
          value={form.behaviour}
          onChange={(b) => set('behaviour', b)}
          id={fieldId('behaviour')}
        />
        {form.behaviour === 'auto'
          ? field(
              'interval',
              t('form.interval'),
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
              />,
            )
          : null}
        {field(
          'category',
          t('form.category'),
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
          </select>,
        )}
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

      {scene ? (
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
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirmDelete(false)}
              >
                {t('form.cancel')}
              </button>
            </div>
          </MarketDialog>
        </>
      ) : null}
      <p>
        <Link to={routes.market}>{t('form.back')}</Link>
      </p>
    </Page>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="field__error">
      {text}
    </p>
  ) : null;
}

interface ChoicesProps<T extends string> {
  legend: string;
  name: string;
  options: { value: T; label: string; before?: ReactNode }[];
  value: T;
  onChange(value: T): void;
  /** The fieldset's id: focusing the field focuses its checked choice. */
  id: string;
  className?: string;
}

/** A radio group: a fieldset named by its legend, each choice one 48 px target with its label. */
function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  id,
  className,
}: ChoicesProps<T>) {
  return (
    <fieldset id={id} className={className ? `choices ${className}` : 'choices'}>
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="check">
          <input
            type="radio"
            className="check__box"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.before}
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
