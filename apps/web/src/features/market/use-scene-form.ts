import type { MarketScene } from '@sfm/protocol/market';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { NetworkError } from '../../api/http-client.ts';
import { MARKET_NS } from '../../i18n/market/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { pathTo } from '../../ui/routes.ts';
import { marketApi } from './market-api.ts';
import { marketPaths } from './paths.ts';
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

/**
 * The scene form's state and its save: the fields as typed, their errors (checked here, or named
 * by the server), the form-wide error, and saving as a draft or submitted for review.
 */
export function useSceneForm(scene: MarketScene | null, onSaved: (scene: MarketScene) => void) {
  const { t } = useTranslation(MARKET_NS);
  const announce = useAnnounce();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<SceneForm>(() => (scene ? formOf(scene) : emptySceneForm()));
  const [errors, setErrors] = useState<SceneFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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

  /** Saves the scene; `submit` sends a public scene for review, else it is kept as a draft. */
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
      else navigate(pathTo(marketPaths.sceneEdit, { id: answer.data.id }), { replace: true });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setFormError(error.message);
      announce(error.message, { assertive: true });
    } finally {
      setSaving(false);
    }
  };

  return { form, errors, formError, saving, prefix, fieldId, set, save };
}
