import type { Box } from './code-finder.ts';

export type Edge = 'left' | 'right' | 'up' | 'down';

/** A box this close to a side of the frame touches it: the code may go on beyond it. */
const TOUCH = 0.03;
/** A centre this far from the middle (as a share of the side) is at that side. */
const OFF_CENTRE = 0.25;

/**
 * Which side of the frame a code is at, so the user can centre it; null when it is well inside.
 * A side it touches wins (it is likely cut off there); where it touches two, the one its centre
 * leans to more. The image's sides are the user's: a code at the left of the picture is to the
 * left of where the phone points.
 */
export function edgeOf(box: Box): Edge | null {
  const dx = (box.left + box.right) / 2 - 0.5;
  const dy = (box.top + box.bottom) / 2 - 0.5;
  const sides: [Edge, boolean, number][] = [
    ['left', box.left < TOUCH, -dx],
    ['right', box.right > 1 - TOUCH, dx],
    ['up', box.top < TOUCH, -dy],
    ['down', box.bottom > 1 - TOUCH, dy],
  ];
  const touched = sides.filter(([, touches]) => touches).sort((a, b) => b[2] - a[2]);
  if (touched.length && touched[0]![2] > 0) return touched[0]![0];
  const [side, , lean] = sides.sort((a, b) => b[2] - a[2])[0]!;
  return lean > OFF_CENTRE ? side : null;
}
