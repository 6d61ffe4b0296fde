/**
 * Where an object is, in the words a blind user can act on: left / straight ahead / right from the
 * box centre's horizontal third, and near / far from how much of the frame it fills and how low it
 * reaches (objects close to the camera are large and touch the bottom edge).
 */
import { area, bottom, centreX, type Box } from '@sfm/ocr';
import { phrases } from './phrases.ts';

export type Place = 'left' | 'centre' | 'right';
export type Distance = 'near' | 'middle' | 'far';

/** Boxes here are normalised to the frame (0..1). */
export function placeOf(box: Box): Place {
  const cx = centreX(box);
  if (cx < 1 / 3) return 'left';
  if (cx > 2 / 3) return 'right';
  return 'centre';
}

/** A box filling ≥ 12 % of the frame, or reaching the bottom 8 % while filling ≥ 3 %, is near; < 0.6 % is far. */
export function distanceOf(box: Box): Distance {
  const share = area(box);
  if (share >= 0.12 || (bottom(box) >= 0.92 && share >= 0.03)) return 'near';
  if (share < 0.006) return 'far';
  return 'middle';
}

/** "左边" / "正前方近处" / "右边远处". */
export function placeWords(place: Place, distance: Distance): string {
  const where = phrases.places[place];
  return distance === 'middle' ? where : where + phrases.distances[distance];
}

export const PLACE_ORDER: readonly Place[] = ['left', 'centre', 'right'];
