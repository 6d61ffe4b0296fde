/** An axis-aligned box. Units are whatever the producer says (pixels for OCR, 0..1 for detections). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Axis-aligned bounds of a polygon given as [x, y] points (OCR boxes are tilted quadrilaterals). */
export function boundsOf(points: readonly (readonly number[])[]): Box {
  const xs = points.map((p) => p[0] ?? 0);
  const ys = points.map((p) => p[1] ?? 0);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The smallest box holding every one of `boxes` (at least one). */
export function unionOf(boxes: readonly Box[]): Box {
  return boundsOf(
    boxes.flatMap((b) => [
      [b.x, b.y],
      [b.x + b.width, b.y + b.height],
    ]),
  );
}

export const centreX = (b: Box) => b.x + b.width / 2;
export const centreY = (b: Box) => b.y + b.height / 2;
export const bottom = (b: Box) => b.y + b.height;
export const right = (b: Box) => b.x + b.width;
export const area = (b: Box) => Math.max(0, b.width) * Math.max(0, b.height);

/** The area two boxes share (0 when they do not meet). */
export function intersectionArea(a: Box, b: Box): number {
  const width = Math.min(right(a), right(b)) - Math.max(a.x, b.x);
  const height = Math.min(bottom(a), bottom(b)) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
