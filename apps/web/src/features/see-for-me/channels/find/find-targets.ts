import type { DetectedThing } from '../detector/detections.ts';
import type { RealSize } from '../detector/placement.ts';

/**
 * What 寻物 can look for: the everyday things among CenterNet's 80 COCO classes that it finds
 * reliably at arm's length and across a room, with their typical real size (the distance is judged
 * against it) and the score a detection needs (CenterNet's scores are low: 0.3–0.7 for real things).
 *
 * Keys and doors are not here because the detector cannot see them: COCO has no key class (nor any
 * small-object class close to one) and no door; no model that knows either ships in an npm package
 * (see the server's object-detector.ts). The picker's help and the answer to "找钥匙" say so.
 */
export type TargetId = 'cup' | 'bottle' | 'phone' | 'chair' | 'person' | 'book' | 'laptop' | 'backpack';

export interface FindTarget {
  id: TargetId;
  /** The COCO labels that count as this thing (a glass is a 杯子 too). */
  labels: readonly string[];
  size: RealSize;
  minScore: number;
}

export const FIND_TARGETS: readonly FindTarget[] = [
  {
    id: 'cup',
    labels: ['cup', 'wine glass'],
    size: { height: 0.1, width: 0.08, along: 'height' },
    minScore: 0.3,
  },
  { id: 'bottle', labels: ['bottle'], size: { height: 0.25, width: 0.07, along: 'height' }, minScore: 0.3 },
  {
    id: 'phone',
    labels: ['cell phone'],
    size: { height: 0.15, width: 0.075, along: 'longer' },
    minScore: 0.3,
  },
  { id: 'chair', labels: ['chair'], size: { height: 0.9, width: 0.5, along: 'height' }, minScore: 0.3 },
  { id: 'person', labels: ['person'], size: { height: 1.7, width: 0.45, along: 'height' }, minScore: 0.35 },
  { id: 'book', labels: ['book'], size: { height: 0.24, width: 0.17, along: 'longer' }, minScore: 0.3 },
  { id: 'laptop', labels: ['laptop'], size: { height: 0.23, width: 0.33, along: 'width' }, minScore: 0.3 },
  {
    id: 'backpack',
    labels: ['backpack'],
    size: { height: 0.45, width: 0.3, along: 'height' },
    minScore: 0.3,
  },
];

/** Things people ask for that the detector cannot find: answered honestly, never searched for. */
export type UnfindableId = 'keys' | 'door';

export function findTarget(id: string): FindTarget | undefined {
  return FIND_TARGETS.find((t) => t.id === id);
}

/** The frame's likeliest sighting of `target`: the best-scored box above its bar, or null. */
export function sightingOf(target: FindTarget, things: readonly DetectedThing[]): DetectedThing | null {
  let best: DetectedThing | null = null;
  for (const thing of things) {
    if (!target.labels.includes(thing.label) || thing.score < target.minScore) continue;
    if (!best || thing.score > best.score) best = thing;
  }
  return best;
}
