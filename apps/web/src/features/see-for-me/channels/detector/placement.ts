import type { FrameBox } from './detections.ts';

/**
 * Where a detected thing is for the person holding the phone: its clock direction (12 straight
 * ahead, 1 o'clock 30° to the right) and its rough distance from how big it looks against its
 * typical real size, through a pinhole camera of the assumed field of view.
 *
 * The directions are the real angles, not the frame stretched over the clock: with a 60° view the
 * frame's edges are 30° off, so what the camera sees is at 11, 12 or 1 o'clock (a wider lens
 * reaches 10 and 2; nothing in front of the phone is at 9 or 3). A user who turns by the hour said
 * then faces the thing.
 */

/** The horizontal field of view assumed for a phone's main camera (portrait about 50°, landscape 65–70°). */
export const CAMERA_FOV_DEG = 60;

const DEG = Math.PI / 180;

/** The angle to the right of straight ahead (degrees, negative to the left) of a box's centre. */
export function bearingOf(box: FrameBox, fovDeg = CAMERA_FOV_DEG): number {
  const x = box.x + box.width / 2;
  return Math.atan((2 * x - 1) * Math.tan((fovDeg / 2) * DEG)) / DEG;
}

/** 9…12…3: the clock hour of a bearing (each hour 30°), within the front half. */
export type ClockHour = 9 | 10 | 11 | 12 | 1 | 2 | 3;

const HOUR_DEG = 30;

export function clockOf(bearingDeg: number): ClockHour {
  const hours = Math.max(-3, Math.min(3, Math.round(bearingDeg / HOUR_DEG)));
  return (hours <= 0 ? 12 + hours : hours) as ClockHour;
}

/** Degrees past an hour's edge a bearing must go before a said hour gives way (no flicker at the edge). */
const HOUR_MARGIN_DEG = 4;

/** The clock hour of `bearingDeg`, keeping `previous` while the bearing is within its margin. */
export function steadyClockOf(bearingDeg: number, previous: ClockHour | null): ClockHour {
  const next = clockOf(bearingDeg);
  if (previous === null || next === previous) return next;
  const centre = (previous === 12 ? 0 : previous > 6 ? previous - 12 : previous) * HOUR_DEG;
  return Math.abs(bearingDeg - centre) <= HOUR_DEG / 2 + HOUR_MARGIN_DEG ? previous : next;
}

/** A thing's typical real size in metres; `along` is the side its distance is best judged by. */
export interface RealSize {
  height: number;
  width: number;
  /** 'longer': a thing held or lying any way round (a phone, a book): its longer side against the box's. */
  along: 'height' | 'width' | 'longer';
}

/** A box side closer than this to the frame's edge is cut off there: its length says only "at least". */
const EDGE = 0.01;

/**
 * The rough distance (metres) to a thing of `size` seen in `box`, on a frame `aspect` (width /
 * height) wide. A side cut off by the frame's edge is not used while the other one is whole; when
 * both are cut the nearer estimate is taken (the thing fills the view: it is close).
 */
export function distanceOf(box: FrameBox, size: RealSize, aspect: number, fovDeg = CAMERA_FOV_DEG): number {
  // the focal length in frame widths; a box's height in frame widths is height / aspect
  const focal = 0.5 / Math.tan((fovDeg / 2) * DEG);
  const seenWidth = box.width;
  const seenHeight = box.height / aspect;
  const cutX = box.x <= EDGE || box.x + box.width >= 1 - EDGE;
  const cutY = box.y <= EDGE || box.y + box.height >= 1 - EDGE;
  if (size.along === 'longer') {
    const seen = Math.max(seenWidth, seenHeight);
    return (Math.max(size.width, size.height) * focal) / seen;
  }
  const byHeight = (size.height * focal) / seenHeight;
  const byWidth = (size.width * focal) / seenWidth;
  const [first, second, firstCut, secondCut] =
    size.along === 'height' ? [byHeight, byWidth, cutY, cutX] : [byWidth, byHeight, cutX, cutY];
  if (!firstCut) return first;
  if (!secondCut) return second;
  return Math.min(first, second);
}

/** How a distance is said: close (within reach), half a metre, 1–5 m, or beyond 5 m. */
export type DistanceWord = 'close' | 'half' | '1' | '2' | '3' | '4' | '5' | 'far';

export function distanceWord(metres: number): DistanceWord {
  if (metres < 0.4) return 'close';
  if (metres < 0.75) return 'half';
  if (metres >= 5.5) return 'far';
  return String(Math.max(1, Math.min(5, Math.round(metres)))) as DistanceWord;
}

/** A said distance gives way only to one this much nearer or farther (the boxes jitter by 10–20 %). */
const DISTANCE_CHANGE = 1.35;

export function distanceChanged(said: number, now: number): boolean {
  return now > said * DISTANCE_CHANGE || now < said / DISTANCE_CHANGE;
}
