import { i18n } from '../index.ts';
import { pointsEn } from './en.ts';
import { pointsZhCN } from './zh-CN.ts';

/** The points pages' namespace: `useTranslation(POINTS_NS)`. */
export const POINTS_NS = 'points';

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
/** The shape every locale of the points pages must fill. */
export type PointsMessages = Widen<typeof pointsZhCN>;

/** Adds the points pages' labels; called by their code as it loads, so they travel in its chunks. */
export function registerPointsTexts(): void {
  if (i18n.hasResourceBundle('zh-CN', POINTS_NS)) return;
  i18n.addResourceBundle('zh-CN', POINTS_NS, pointsZhCN);
  i18n.addResourceBundle('en', POINTS_NS, pointsEn);
}
