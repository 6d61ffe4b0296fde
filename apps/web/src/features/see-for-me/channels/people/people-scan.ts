import type { DetectedFace, Detections, FrameBox } from '../detector/detections.ts';
import {
  bearingOf,
  clockOf,
  distanceOf,
  distanceWord,
  type ClockHour,
  type DistanceWord,
  type RealSize,
} from '../detector/placement.ts';

/** One person in view, as said: never who they are. */
export interface PersonSeen {
  /** Degrees right of straight ahead. */
  bearing: number;
  clock: ClockHour;
  metres: number;
  distance: DistanceWord;
  /** 'toward': their face is turned to the camera; 'aside': a face seen turned away; null: no face seen. */
  facing: 'toward' | 'aside' | null;
  smiling: boolean;
}

/** CenterNet's bar for a person (its people score 0.35–0.6 in street photos; below, shadows and posts). */
const PERSON_MIN_SCORE = 0.35;
/** A face alone (its body out of the frame or missed) counts as a person only when BlazeFace is this sure. */
const LONE_FACE_MIN_SCORE = 0.6;
/** A standing adult. */
const PERSON_SIZE: RealSize = { height: 1.7, width: 0.45, along: 'height' };
/** Human's face box: BlazeFace's forehead-to-chin enlarged 1.4× and squared, about 25 cm on an adult. */
const FACE_SIZE: RealSize = { height: 0.25, width: 0.25, along: 'height' };
/**
 * The nose within this many eye distances of the eyes' middle: the face is turned to the camera
 * (within about 35°: a nearly frontal rider in the crowd photo measures 0.20, a three-quarter
 * view 0.31).
 */
const TOWARD_TURN = 0.25;
/** "在微笑" only for a clear face: this big in the frame (a head at arm's length to 2–3 m) … */
const CLEAR_FACE_HEIGHT = 0.12;
/** … this sure a face … */
const CLEAR_FACE_SCORE = 0.8;
/** … and the emotion model this sure of the smile (it says "happy" at 0.2–0.5 of neutral faces). */
const SMILE_MIN_SCORE = 0.7;

const centreOf = (b: FrameBox) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const area = (b: FrameBox) => b.width * b.height;
const cutVertically = (b: FrameBox) => b.y <= 0.01 || b.y + b.height >= 0.99;

/** The person box a face belongs to: its centre in the box's upper half (the head), the smallest such box. */
function ownerOf(face: DetectedFace, bodies: readonly FrameBox[]): number {
  const c = centreOf(face.box);
  let owner = -1;
  bodies.forEach((b, i) => {
    const inside = c.x >= b.x && c.x <= b.x + b.width && c.y >= b.y && c.y <= b.y + b.height / 2;
    if (inside && (owner < 0 || area(b) < area(bodies[owner]!))) owner = i;
  });
  return owner;
}

function facingOf(face: DetectedFace | undefined): PersonSeen['facing'] {
  if (!face || face.turn === null) return null;
  return Math.abs(face.turn) <= TOWARD_TURN ? 'toward' : 'aside';
}

function smilingOf(face: DetectedFace | undefined): boolean {
  return Boolean(
    face &&
    face.box.height >= CLEAR_FACE_HEIGHT &&
    face.score >= CLEAR_FACE_SCORE &&
    facingOf(face) === 'toward' &&
    face.smile >= SMILE_MIN_SCORE,
  );
}

function seen(body: FrameBox | null, face: DetectedFace | undefined, aspect: number): PersonSeen {
  // a whole body's height is the best measure; a body cut by the frame says less than its face does
  const metres =
    body && (!cutVertically(body) || !face)
      ? distanceOf(body, PERSON_SIZE, aspect)
      : distanceOf(face!.box, FACE_SIZE, aspect);
  const bearing = bearingOf(body ?? face!.box);
  return {
    bearing,
    clock: clockOf(bearing),
    metres,
    distance: distanceWord(metres),
    facing: facingOf(face),
    smiling: smilingOf(face),
  };
}

/**
 * The people in a frame, left to right: CenterNet's person boxes (it finds people at any distance
 * and counts a crowd), each with the face BlazeFace found on its head if any (which way it is
 * turned, a smile), and any clear face whose body the detector missed. Nothing else is kept.
 */
export function peopleIn({ things, faces, aspect }: Detections): PersonSeen[] {
  const bodies = things.filter((t) => t.label === 'person' && t.score >= PERSON_MIN_SCORE).map((t) => t.box);
  const faceOf = new Map<number, DetectedFace>();
  const people: PersonSeen[] = [];
  for (const face of faces) {
    const owner = ownerOf(face, bodies);
    if (owner >= 0) {
      if (!faceOf.has(owner)) faceOf.set(owner, face);
    } else if (face.score >= LONE_FACE_MIN_SCORE) {
      people.push(seen(null, face, aspect));
    }
  }
  bodies.forEach((body, i) => people.push(seen(body, faceOf.get(i), aspect)));
  return people.sort((a, b) => a.bearing - b.bearing);
}
