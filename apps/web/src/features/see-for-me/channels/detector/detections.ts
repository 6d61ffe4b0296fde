/**
 * What the on-device detector (Human: CenterNet for COCO's 80 things, BlazeFace and its emotion
 * model for faces) found in one frame, in plain data a worker can post and a test can write by
 * hand: boxes normalised to the frame (0..1), so the channels never care about the frame's size.
 */

/** A box in the frame: its left, top, width and height as fractions of the frame's width and height. */
export interface FrameBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedThing {
  /** COCO's English label: "cup", "cell phone", "person". */
  label: string;
  /** 0..1; CenterNet's scores are low (0.2–0.7 for real things): each channel sets its floor. */
  score: number;
  box: FrameBox;
}

export interface DetectedFace {
  score: number;
  /** BlazeFace's box, enlarged by Human to forehead-to-chin and a margin, and squared in pixels. */
  box: FrameBox;
  /**
   * How far the nose sits from the middle of the eyes, in eye distances (negative: towards the
   * frame's left): about 0 for a face turned to the camera, ±0.2 at some 30° of turn. Null when the
   * landmarks are missing.
   */
  turn: number | null;
  /** The emotion model's score for a smile ("happy"), 0 when it did not say so. */
  smile: number;
}

export interface Detections {
  things: DetectedThing[];
  faces: DetectedFace[];
  /** The analysed frame's width / height: a box's height in pixels is height × frame height. */
  aspect: number;
}

/** The parts of Human's result the channels use (its types are far wider). */
export interface HumanResultLike {
  object?: readonly { label: string; score: number; boxRaw: readonly number[] }[];
  face?: readonly {
    score: number;
    boxRaw: readonly number[];
    /** With the face mesh off, BlazeFace's six landmarks: eyes, nose, mouth, ears ([x, y, z], 0..1). */
    meshRaw?: readonly (readonly number[])[];
    emotion?: readonly { score: number; emotion: string }[];
  }[];
}

/** BlazeFace's landmark order (Human's blazeFaceLandmarks): eyes first, then the nose tip. */
const EYE_A = 0;
const EYE_B = 1;
const NOSE = 2;

function boxOf(raw: readonly number[]): FrameBox | null {
  const [x = NaN, y = NaN, width = NaN, height = NaN] = raw;
  if (![x, y, width, height].every(Number.isFinite) || width <= 0 || height <= 0) return null;
  // Human's boxes may reach past the frame's edges: what is seen is the part inside it
  const left = Math.max(0, x);
  const top = Math.max(0, y);
  const right = Math.min(1, x + width);
  const bottom = Math.min(1, y + height);
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}

/** The nose's offset from the middle of the eyes, in eye distances (see DetectedFace.turn). */
export function faceTurn(landmarks: readonly (readonly number[])[] | undefined): number | null {
  const a = landmarks?.[EYE_A]?.[0];
  const b = landmarks?.[EYE_B]?.[0];
  const nose = landmarks?.[NOSE]?.[0];
  if (a === undefined || b === undefined || nose === undefined) return null;
  const eyes = Math.abs(a - b);
  if (!(eyes > 0)) return null;
  return (nose - (a + b) / 2) / eyes;
}

/** Human's result as Detections; `aspect` is the analysed frame's width / height. */
export function detectionsFromHuman(result: HumanResultLike, aspect: number): Detections {
  const things: DetectedThing[] = [];
  for (const o of result.object ?? []) {
    const box = boxOf(o.boxRaw);
    if (box) things.push({ label: o.label, score: o.score, box });
  }
  const faces: DetectedFace[] = [];
  for (const f of result.face ?? []) {
    const box = boxOf(f.boxRaw);
    if (!box) continue;
    const smile = f.emotion?.find((e) => e.emotion === 'happy')?.score ?? 0;
    faces.push({ score: f.score, box, turn: faceTurn(f.meshRaw), smile });
  }
  things.sort((a, b) => b.score - a.score);
  faces.sort((a, b) => b.score - a.score);
  return { things, faces, aspect };
}
