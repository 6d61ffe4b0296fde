import { textNamespace } from '../namespace.ts';
import { pointsEn } from './en.ts';
import { pointsZhCN } from './zh-CN.ts';

/** The points pages' texts (and the points card of the personal centre): `useTranslation(POINTS_NS)`. */
export const POINTS_NS = textNamespace('points', pointsZhCN, pointsEn);
