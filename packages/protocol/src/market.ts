import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { SceneId, UUID } from './ids.ts';

/**
 * The market of scenes (spec §1/§2 `/market`): a scene is a reusable way of looking, a prompt for
 * the vision engine plus how the camera behaves. Users make them for each other; a public scene is
 * shown to others only once the back office has approved it.
 */

/** How the camera behaves, after a built-in scene mode: a tap (observe), every N s (realtime), a spoken question (qa). */
export const SceneBehaviour = z.enum(['tap', 'auto', 'voice'], { error: 'errors.scene_behaviour_invalid' });
export type SceneBehaviour = z.infer<typeof SceneBehaviour>;

export const SceneCategory = z.enum(
  ['reading', 'health', 'shopping', 'travel', 'home', 'clothing', 'other'],
  {
    error: 'errors.scene_category_invalid',
  },
);
export type SceneCategory = z.infer<typeof SceneCategory>;

/** A fixed set: each icon has a spoken name (the web's i18n), so no picture goes unnamed. */
export const SceneIcon = z.enum(
  ['medicine', 'calendar', 'money', 'bus', 'menu', 'shirt', 'door', 'screen', 'text', 'food', 'sign', 'eye'],
  { error: 'errors.scene_icon_invalid' },
);
export type SceneIcon = z.infer<typeof SceneIcon>;

export const SceneVisibility = z.enum(['private', 'public'], { error: 'errors.scene_visibility_invalid' });
export type SceneVisibility = z.infer<typeof SceneVisibility>;

/** The review state of the author's latest version. */
export const SceneStatus = z.enum(['draft', 'pending', 'approved', 'rejected', 'unpublished']);
export type SceneStatus = z.infer<typeof SceneStatus>;

export const SCENE_NAME_MAX = 30;
export const SCENE_DESCRIPTION_MAX = 120;
export const SCENE_PROMPT_MAX = 500;
/** Spec §9's fastest auto-capture (the danger pace) is the floor of a scene's interval. */
export const SCENE_INTERVAL_MIN_SECONDS = 5;
export const SCENE_INTERVAL_MAX_SECONDS = 600;
export const SCENE_REPORT_REASON_MAX = 200;
export const MARKET_PAGE_SIZE_MAX = 50;
/** A list counts its matches up to this many: a broad search need not visit them all to count. */
export const MARKET_COUNT_CAP = 1000;

export { SceneId };

/** Plain text, one line: names and descriptions are shown as text, never as markup. */
const oneLine = (required: `errors.${string}`, tooLong: `errors.${string}`, max: number) =>
  z
    .string({ error: required })
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

export const SceneContent = z
  .strictObject({
    name: oneLine('errors.scene_name_required', 'errors.scene_name_too_long', SCENE_NAME_MAX),
    description: z
      .string({ error: 'errors.scene_description_too_long' })
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .pipe(z.string().max(SCENE_DESCRIPTION_MAX, { error: 'errors.scene_description_too_long' })),
    prompt: z
      .string({ error: 'errors.scene_prompt_required' })
      .trim()
      .min(1, { error: 'errors.scene_prompt_required' })
      .max(SCENE_PROMPT_MAX, { error: 'errors.scene_prompt_too_long' }),
    behaviour: SceneBehaviour,
    /** Seconds between automatic captures; only for `auto` (null otherwise). */
    intervalSeconds: z
      .number({ error: 'errors.scene_interval_invalid' })
      .int({ error: 'errors.scene_interval_invalid' })
      .min(SCENE_INTERVAL_MIN_SECONDS, { error: 'errors.scene_interval_invalid' })
      .max(SCENE_INTERVAL_MAX_SECONDS, { error: 'errors.scene_interval_invalid' })
      .nullable(),
    category: SceneCategory,
    icon: SceneIcon,
    visibility: SceneVisibility,
    /** true: submit a public scene for review; false: keep it as a draft. */
    submit: z.boolean({ error: 'errors.validation' }),
  })
  .refine((s) => (s.behaviour === 'auto') === (s.intervalSeconds !== null), {
    error: 'errors.scene_interval_invalid',
    path: ['intervalSeconds'],
  });
export type SceneContent = z.input<typeof SceneContent>;

export const SceneCreateRequest = SceneContent;
export type SceneCreateRequest = z.input<typeof SceneCreateRequest>;
export const SceneUpdateRequest = z.strictObject({ id: SceneId, scene: SceneContent });
export type SceneUpdateRequest = z.input<typeof SceneUpdateRequest>;
export const SceneIdRequest = z.strictObject({ id: SceneId });
export type SceneIdRequest = z.infer<typeof SceneIdRequest>;

/** A scene as a user sees it: for its author the latest version, for others the approved one. */
export const MarketScene = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  prompt: z.string(),
  behaviour: SceneBehaviour,
  intervalSeconds: z.number().int().nullable(),
  category: SceneCategory,
  icon: SceneIcon,
  visibility: SceneVisibility,
  /** null for the operator's official scenes. */
  authorName: z.string().nullable(),
  official: z.boolean(),
  mine: z.boolean(),
  favourite: z.boolean(),
  uses: z.number().int(),
  favourites: z.number().int(),
  status: SceneStatus,
  /** Why the back office rejected the latest version (shown to its author only). */
  rejectReason: z.string().nullable(),
  /** An approved version is live for others (it may be older than the author's latest). */
  live: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarketScene = z.infer<typeof MarketScene>;

export const MarketTab = z.enum(['all', 'mine', 'favourites'], { error: 'errors.market_query_invalid' });
export type MarketTab = z.infer<typeof MarketTab>;
export const MarketSort = z.enum(['popular', 'newest'], { error: 'errors.market_query_invalid' });
export type MarketSort = z.infer<typeof MarketSort>;

export const MarketScenesQuery = z.strictObject({
  tab: MarketTab.default('all'),
  category: SceneCategory.optional(),
  /** A part of the name or description (Chinese substrings too). */
  q: z.string().trim().max(SCENE_NAME_MAX, { error: 'errors.market_query_invalid' }).optional(),
  sort: MarketSort.default('popular'),
  page: z.coerce
    .number({ error: 'errors.market_query_invalid' })
    .int({ error: 'errors.market_query_invalid' })
    .min(1, { error: 'errors.market_query_invalid' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'errors.market_query_invalid' })
    .int({ error: 'errors.market_query_invalid' })
    .min(1, { error: 'errors.market_query_invalid' })
    .max(MARKET_PAGE_SIZE_MAX, { error: 'errors.market_query_invalid' })
    .default(20),
});
export type MarketScenesQuery = z.input<typeof MarketScenesQuery>;

export const MarketScenesPage = z.object({
  items: z.array(MarketScene),
  /** Exact up to MARKET_COUNT_CAP; beyond it, the cap (and `capped`). */
  total: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MarketScenesPage = z.infer<typeof MarketScenesPage>;

export const SceneFavouriteRequest = z.strictObject({
  id: SceneId,
  favourite: z.boolean({ error: 'errors.validation' }),
});
export type SceneFavouriteRequest = z.infer<typeof SceneFavouriteRequest>;

/** One visit of /market/use/{id}: the client names it so a retry or a re-render counts once. */
export const SceneUseRequest = z.strictObject({
  id: SceneId,
  session: z.string({ error: 'errors.validation' }).regex(UUID, { error: 'errors.validation' }),
});
export type SceneUseRequest = z.infer<typeof SceneUseRequest>;
export const SceneUseResponse = z.object({ uses: z.number().int(), counted: z.boolean() });
export type SceneUseResponse = z.infer<typeof SceneUseResponse>;

export const SceneReportRequest = z.strictObject({
  id: SceneId,
  reason: z
    .string({ error: 'errors.scene_report_reason_required' })
    .trim()
    .min(1, { error: 'errors.scene_report_reason_required' })
    .max(SCENE_REPORT_REASON_MAX, { error: 'errors.scene_report_reason_too_long' }),
});
export type SceneReportRequest = z.infer<typeof SceneReportRequest>;

export { scenePrompt } from './plain.ts';

export const marketEndpoints = defineEndpoints({
  marketScenes: {
    method: 'GET',
    path: '/api/market/scenes',
    access: 'user',
    query: MarketScenesQuery,
    data: MarketScenesPage,
  },
  marketScene: {
    method: 'GET',
    path: '/api/market/scenes/detail',
    access: 'user',
    query: SceneIdRequest,
    data: MarketScene,
  },
  createScene: {
    method: 'POST',
    path: '/api/market/scenes',
    access: 'user',
    body: SceneCreateRequest,
    data: MarketScene,
  },
  updateScene: {
    method: 'PATCH',
    path: '/api/market/scenes',
    access: 'user',
    body: SceneUpdateRequest,
    data: MarketScene,
  },
  deleteScene: {
    method: 'POST',
    path: '/api/market/scenes/delete',
    access: 'user',
    body: SceneIdRequest,
    data: z.null(),
  },
  favouriteScene: {
    method: 'POST',
    path: '/api/market/scenes/favourite',
    access: 'user',
    body: SceneFavouriteRequest,
    data: MarketScene,
  },
  useScene: {
    method: 'POST',
    path: '/api/market/scenes/use',
    access: 'user',
    body: SceneUseRequest,
    data: SceneUseResponse,
  },
  reportScene: {
    method: 'POST',
    path: '/api/market/scenes/report',
    access: 'user',
    body: SceneReportRequest,
    data: z.null(),
  },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    market: typeof marketEndpoints;
  }
}
