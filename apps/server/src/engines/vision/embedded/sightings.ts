/**
 * Turns raw detector output into what the engine is willing to say: which objects pass the score
 * threshold, which must be hedged, and how they group by class and place.
 *
 * CenterNet's scores run low (0.2–0.7). 0.35 keeps most real objects and few phantoms; below 0.5 the
 * wording is hedged ("可能有"). Vehicles and traffic controls use a slightly lower bar (0.3, always
 * hedged there): for someone crossing a street, a hedged warning about a car that is not there costs
 * far less than silence about one that is.
 */
import type { DetectedObject } from './object-detector.ts';
import { area } from '@sfm/ocr';
import { distanceOf, placeOf, PLACE_ORDER, type Distance, type Place } from './scene-layout.ts';

const MENTION_THRESHOLD = 0.35;
const SAFETY_MENTION_THRESHOLD = 0.3;
export const CONFIDENT_THRESHOLD = 0.5;

export const VEHICLE_LABELS: ReadonlySet<string> = new Set([
  'bicycle',
  'car',
  'motorcycle',
  'bus',
  'truck',
  'train',
]);
export const TRAFFIC_CONTROL_LABELS: ReadonlySet<string> = new Set(['traffic light', 'stop sign']);
/** What a walking user may bump into or must watch out for, beyond vehicles. */
const OBSTACLE_LABELS = [
  'person',
  'bench',
  'fire hydrant',
  'parking meter',
  'chair',
  'dining table',
  'couch',
  'bed',
  'potted plant',
  'suitcase',
  'dog',
  'horse',
  'cow',
  'toilet',
  'refrigerator',
];
export const HAZARD_LABELS: ReadonlySet<string> = new Set([
  ...VEHICLE_LABELS,
  ...TRAFFIC_CONTROL_LABELS,
  ...OBSTACLE_LABELS,
]);

const isSafetyRelevant = (label: string) => VEHICLE_LABELS.has(label) || TRAFFIC_CONTROL_LABELS.has(label);

/**
 * Classes the detector names wrongly on the photos blind users take (a screen, a laptop or a shiny
 * box at arm's length): a computer screen came out as a refrigerator, a laptop as a microwave.
 * They are said only when the detector is sure.
 */
const CONFUSABLE_THRESHOLD = 0.55;
const CONFUSABLE_LABELS: ReadonlySet<string> = new Set([
  'refrigerator',
  'microwave',
  'oven',
  'toaster',
  'sink',
  'tv',
  'clock',
  'dining table',
  'bed',
  'toilet',
]);
/**
 * One thing filling most of the frame is a close-up (a box, a bottle, a card held in the hand): the
 * detector's class for it is a guess unless its score is high, and a person or a traffic light
 * that fills an arm's-length photo is something else.
 */
const CLOSE_UP_SHARE = 0.45;
const CLOSE_UP_THRESHOLD = 0.6;
/** Largest plausible share of the frame per class, seen from where a user stands. */
const MAX_PLAUSIBLE_SHARE: Readonly<Record<string, number>> = { 'traffic light': 0.08, 'stop sign': 0.35 };
/** Far-away things are small: several weak sightings of one traffic class count as one cue unless each is this small. */
const DISTANT_SHARE = 0.02;

function passesOwnBar(o: DetectedObject): boolean {
  const share = area(o.box);
  if (share > (MAX_PLAUSIBLE_SHARE[o.label] ?? 1)) return false;
  if (share >= CLOSE_UP_SHARE && o.score < CLOSE_UP_THRESHOLD) return false;
  if (CONFUSABLE_LABELS.has(o.label)) return o.score >= CONFUSABLE_THRESHOLD;
  return o.score >= (isSafetyRelevant(o.label) ? SAFETY_MENTION_THRESHOLD : MENTION_THRESHOLD);
}

/**
 * A road warning needs evidence a careful person would accept: one confident vehicle or traffic
 * control, or several weak ones that agree (two kinds, or several small distant ones of one kind).
 * One weak guess alone — three "traffic lights" on a shiny package — is not said at all.
 */
function safetyCorroborated(kept: readonly DetectedObject[]): boolean {
  const safety = kept.filter((o) => isSafetyRelevant(o.label));
  if (safety.some((o) => o.score >= CONFIDENT_THRESHOLD)) return true;
  if (new Set(safety.map((o) => o.label)).size >= 2) return true;
  return safety.filter((o) => area(o.box) < DISTANT_SHARE).length >= 2;
}

/** Detections the engine may mention at all. */
export function mentionable(objects: readonly DetectedObject[]): DetectedObject[] {
  const kept = objects.filter(passesOwnBar);
  return safetyCorroborated(kept) ? kept : kept.filter((o) => !isSafetyRelevant(o.label));
}

/** Objects of one class at one place. */
export interface Sighting {
  label: string;
  place: Place;
  distance: Distance;
  count: number;
  /** True when even the best of them is below the confident threshold. */
  hedged: boolean;
  /** Total frame share: larger = more prominent. */
  prominence: number;
}

const DISTANCE_RANK: Record<Distance, number> = { near: 0, middle: 1, far: 2 };

/** Groups mentionable objects by class and place; a group is as near as its nearest member. */
export function sightingsOf(objects: readonly DetectedObject[]): Sighting[] {
  const groups = new Map<string, DetectedObject[]>();
  for (const o of mentionable(objects)) {
    const key = `${o.label}\u0000${placeOf(o.box)}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.values()].map((members) => {
    const first = members[0] as DetectedObject;
    const distances = members.map((m) => distanceOf(m.box));
    return {
      label: first.label,
      place: placeOf(first.box),
      distance: distances.sort((a, b) => DISTANCE_RANK[a] - DISTANCE_RANK[b])[0] ?? 'middle',
      count: members.length,
      hedged: Math.max(...members.map((m) => m.score)) < CONFIDENT_THRESHOLD,
      prominence: members.reduce((sum, m) => sum + area(m.box), 0),
    };
  });
}

/** Nearest first, then the larger; used where safety decides the order. */
export function byUrgency(a: Sighting, b: Sighting): number {
  return DISTANCE_RANK[a.distance] - DISTANCE_RANK[b.distance] || b.prominence - a.prominence;
}

/** Sightings of each class together (classes by total prominence), places left → right within a class. */
export function groupedByClass(sightings: readonly Sighting[]): Sighting[][] {
  const byLabel = new Map<string, Sighting[]>();
  for (const s of sightings) byLabel.set(s.label, [...(byLabel.get(s.label) ?? []), s]);
  const total = (group: Sighting[]) => group.reduce((sum, s) => sum + s.prominence, 0);
  return [...byLabel.values()]
    .map((group) => group.sort((a, b) => PLACE_ORDER.indexOf(a.place) - PLACE_ORDER.indexOf(b.place)))
    .sort((a, b) => total(b) - total(a));
}
