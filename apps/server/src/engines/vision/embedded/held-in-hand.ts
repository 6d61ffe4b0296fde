/**
 * "你手里拿着……": blind users most often photograph one thing held up to the camera. Human's hand
 * tracker finds the hand; this decides whether to believe it, what it holds, and which detections
 * are only the holder's own arm (CenterNet calls a hand or forearm at arm's length "a person").
 *
 * Calibrated on real close-ups of a hand (fist, half-curled, with a card resting on the fist) against
 * the team's 20 street, indoor and print photos: the tracker alone scored up to 0.68 on sign posts,
 * wall corners and children's fists across a room, but those boxes were small (≤ 0.1 of the frame's
 * side) or the finger model found no hand in them (≤ 0.65); the held hands were large (≥ 0.19) and
 * scored ≥ 0.66 by both. A pointing finger alone was missed (0.12): silence there costs less than a
 * hand invented on a sign.
 */
import type { TextRow } from '@sfm/ocr';
import { area, centreX, centreY, intersectionArea, type Box } from '@sfm/ocr';
import type { DetectedHand, DetectedObject } from './object-detector.ts';
import { mentionable } from './sightings.ts';

const HAND_MIN_SCORE = 0.5;
const FINGER_MIN_SCORE = 0.6;
/**
 * The finger model gives a box with no hand in it 0.5 (a sigmoid of nothing); above this it saw
 * joints. Enough to explain away a doubtful "person", not to say "你手里".
 */
const ARM_FINGER_MIN_SCORE = 0.55;
/**
 * What a hand holds fills a close-up, where the detector's class is a guess unless it is sure: a
 * white card held up was "a remote" at 0.51. Below this the thing is not named at all (its print,
 * or "我不确定", is said instead).
 */
export const HELD_NAME_MIN_SCORE = 0.6;
/** A "person" the detector is this unsure of, over a hand-shaped region, is the holder's arm. */
const ARM_PERSON_MAX_SCORE = 0.6;
/** A hand holding something up to the camera spans at least this share of the frame's sides. */
const HAND_MIN_SIDE = 0.12;
/**
 * Knuckles and finger creases read as a glyph or two ("9" on a curled finger); print on what the
 * hand holds is longer, or lies outside the hand.
 */
const CREASE_MAX_CHARS = 2;
/** A person box holding this much of the hand's box is the hand's own arm. */
const OWN_ARM_OVERLAP = 0.5;
/** What a hand holds reaches into the area around it: the hand's box grown by this share each way. */
const REACH = 0.5;

const armsLength = (h: DetectedHand) => Math.min(h.box.width, h.box.height) >= HAND_MIN_SIDE;

/** The largest hand confident enough to say "你手里", or null. */
export function holdingHand(hands: readonly DetectedHand[]): Box | null {
  const believed = hands.filter(
    (h) => h.score >= HAND_MIN_SCORE && h.fingerScore >= FINGER_MIN_SCORE && armsLength(h),
  );
  return believed.sort((a, b) => area(b.box) - area(a.box))[0]?.box ?? null;
}

function grown(b: Box, share: number): Box {
  const dx = b.width * share;
  const dy = b.height * share;
  return { x: b.x - dx, y: b.y - dy, width: b.width + 2 * dx, height: b.height + 2 * dy };
}

const isOwnArm = (o: DetectedObject, hand: Box) =>
  o.label === 'person' && intersectionArea(o.box, hand) >= OWN_ARM_OVERLAP * area(hand);

/**
 * The detections left once doubtful "persons" that are only a hand held up to the camera are taken
 * out: the tracker may be unsure of a hand gripping a card (0.11 on a half-curled one), while the
 * finger model still finds its joints and CenterNet calls the forearm "a person" (0.54).
 */
export function withoutArms(
  objects: readonly DetectedObject[],
  hands: readonly DetectedHand[],
): DetectedObject[] {
  const handShaped = hands.filter((h) => h.fingerScore >= ARM_FINGER_MIN_SCORE && armsLength(h));
  return objects.filter(
    (o) => !(o.score < ARM_PERSON_MAX_SCORE && handShaped.some((h) => isOwnArm(o, h.box))),
  );
}

/** The detections left once the holder's own arm is taken out. */
export function withoutOwnArm(objects: readonly DetectedObject[], hand: Box): DetectedObject[] {
  return objects.filter((o) => !isOwnArm(o, hand));
}

/** The mentionable thing the hand holds (the largest one touching its reach), or null. */
export function heldThing(objects: readonly DetectedObject[], hand: Box): DetectedObject | null {
  const reach = grown(hand, REACH);
  // never a person: the holder's arm, or someone else, is not what the hand holds
  const touching = mentionable(objects).filter(
    (o) => o.label !== 'person' && intersectionArea(o.box, reach) > 0,
  );
  return touching.sort((a, b) => area(b.box) - area(a.box))[0] ?? null;
}

const inside = (b: Box, outer: Box) =>
  centreX(b) >= outer.x &&
  centreX(b) <= outer.x + outer.width &&
  centreY(b) >= outer.y &&
  centreY(b) <= outer.y + outer.height;

/** The rows left once a glyph or two read off the hand itself is taken out. */
export function withoutSkinCreases(rows: readonly TextRow[], hand: Box): TextRow[] {
  return rows.filter(
    (r) => !(r.box && inside(r.box, hand) && [...r.text.replace(/\s/g, '')].length <= CREASE_MAX_CHARS),
  );
}
