import {
  SceneContent,
  type MarketScene,
  type SceneBehaviour,
  type SceneCategory,
  type SceneIcon,
  type SceneVisibility,
} from '@sfm/protocol/market';
import { apiText } from '../../i18n/index.ts';

/** What the form holds: text as typed (the interval too), the choices as the protocol names them. */
export interface SceneForm {
  name: string;
  description: string;
  prompt: string;
  behaviour: SceneBehaviour;
  interval: string;
  category: SceneCategory;
  icon: SceneIcon;
  visibility: SceneVisibility;
}

export type SceneField = keyof SceneForm;
/** Field → its error text; the order of FIELD_ORDER is the order they are announced and focused. */
export type SceneFormErrors = Partial<Record<SceneField, string>>;

export const FIELD_ORDER: readonly SceneField[] = [
  'name',
  'description',
  'prompt',
  'behaviour',
  'interval',
  'category',
  'icon',
  'visibility',
];

export const DEFAULT_INTERVAL_SECONDS = 10;

export const emptySceneForm = (): SceneForm => ({
  name: '',
  description: '',
  prompt: '',
  behaviour: 'tap',
  interval: String(DEFAULT_INTERVAL_SECONDS),
  category: 'reading',
  icon: 'eye',
  visibility: 'public',
});

export const formOf = (scene: MarketScene): SceneForm => ({
  name: scene.name,
  description: scene.description,
  prompt: scene.prompt,
  behaviour: scene.behaviour,
  interval: String(scene.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS),
  category: scene.category,
  icon: scene.icon,
  visibility: scene.visibility,
});

/** The request the form stands for (the interval only for automatic scenes). */
export function contentOf(form: SceneForm, submit: boolean): SceneContent {
  const { interval, ...rest } = form;
  const seconds = interval.trim() === '' ? Number.NaN : Number(interval);
  return { ...rest, intervalSeconds: form.behaviour === 'auto' ? seconds : null, submit };
}

/** The protocol's field names are the form's, except the interval. */
const fieldOf = (path: PropertyKey | undefined): SceneField | null => {
  if (path === 'intervalSeconds') return 'interval';
  return FIELD_ORDER.includes(path as SceneField) ? (path as SceneField) : null;
};

/** The same checks the server makes (the protocol's schema), as texts beside their fields. */
export function validateSceneForm(form: SceneForm, submit: boolean): SceneFormErrors {
  const parsed = SceneContent.safeParse(contentOf(form, submit));
  if (parsed.success) return {};
  const errors: SceneFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path[0]);
    if (field && !errors[field]) errors[field] = apiText(issue.message);
  }
  return errors;
}

/** A server refusal's field (`data.field`), as the form's. */
export const serverField = (field: string | undefined): SceneField | null =>
  fieldOf(field?.split('.').at(-1));

export const firstError = (errors: SceneFormErrors): SceneField | undefined =>
  FIELD_ORDER.find((f) => errors[f]);
