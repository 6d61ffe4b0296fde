/**
 * A tiny colour thumbnail of each captured frame, made on the device while the frame is encoded, so
 * auto-capture can tell that the camera still sees what it saw at the last answer and not upload
 * (nor pay for) the same view again. Nothing here imports the protocol: the capture worker uses it.
 */

/** The print is PRINT_SIDE × PRINT_SIDE cells, RGB. */
export const PRINT_SIDE = 24;
/** Sharpness is measured on this square at the picture's centre, pixel for pixel. */
export const FOCUS_SIDE = 128;

export interface ViewPrint {
  /** PRINT_SIDE² cells, RGB: what is in view, roughly. */
  cells: Uint8Array;
  /**
   * Mean luminance gradient at the centre, at full size: a camera that has just found its focus
   * shows the same cells, but a sharper picture that may now be readable.
   */
  sharpness: number;
}

/** The RGBA pixels of a PRINT_SIDE² canvas (getImageData's data) as the print's cells. */
export function cellsOf(rgba: ArrayLike<number>): Uint8Array {
  const count = PRINT_SIDE * PRINT_SIDE;
  const cells = new Uint8Array(count * 3);
  for (let i = 0; i < count; i += 1) {
    cells[i * 3] = rgba[i * 4]!;
    cells[i * 3 + 1] = rgba[i * 4 + 1]!;
    cells[i * 3 + 2] = rgba[i * 4 + 2]!;
  }
  return cells;
}

/** Mean |∂x| + |∂y| of the luminance of a square RGBA patch of `side` pixels. */
export function sharpnessOf(rgba: ArrayLike<number>, side: number): number {
  const luma = new Float32Array(side * side);
  for (let i = 0; i < luma.length; i += 1) {
    luma[i] = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
  }
  let sum = 0;
  for (let y = 0; y < side - 1; y += 1) {
    for (let x = 0; x < side - 1; x += 1) {
      const i = y * side + x;
      sum += Math.abs(luma[i + 1]! - luma[i]!) + Math.abs(luma[i + side]! - luma[i]!);
    }
  }
  return sum / ((side - 1) * (side - 1));
}

/** A change of overall brightness larger than this (a light switched on, the torch) is a new view. */
const SAME_BRIGHTNESS = 25;
/** A picture this much sharper than the one answered (the focus found) is worth looking at again. */
const SHARPER = 1.3;

/**
 * Below this mean difference per channel (0–255), after the best shift of up to one cell and the
 * camera's own exposure drift taken out, the two prints show the same view: sensor noise and a
 * steady hand stay under it; a page turned, a step forward or a person walking in do not.
 */
const SAME_MEAN_DIFFERENCE = 7;
/**
 * A small part of the view that changed a lot (a light turning from red to green, a car coming in
 * at the side) counts as a change even when the rest is still: cells differing by more than this …
 */
const CHANGED_CELL_DIFFERENCE = 60;
/** … in more than this many cells. */
const CHANGED_CELLS_ALLOWED = 2;

function mean(cells: Uint8Array): number {
  let sum = 0;
  for (const value of cells) sum += value;
  return sum / cells.length;
}

/** Mean difference and the count of strongly changed cells, with `b` moved by (dx, dy) cells. */
function compareShifted(
  a: Uint8Array,
  b: Uint8Array,
  dx: number,
  dy: number,
  drift: number,
): { meanDifference: number; changedCells: number } {
  let sum = 0;
  let compared = 0;
  let changedCells = 0;
  for (let y = 1; y < PRINT_SIDE - 1; y += 1) {
    for (let x = 1; x < PRINT_SIDE - 1; x += 1) {
      const i = (y * PRINT_SIDE + x) * 3;
      const j = ((y + dy) * PRINT_SIDE + (x + dx)) * 3;
      let cell = 0;
      for (let c = 0; c < 3; c += 1) {
        const d = Math.abs(a[i + c]! - b[j + c]! - drift);
        sum += d;
        cell = Math.max(cell, d);
      }
      compared += 3;
      if (cell > CHANGED_CELL_DIFFERENCE) changedCells += 1;
    }
  }
  return { meanDifference: sum / compared, changedCells };
}

/**
 * Whether `next` shows the view `answered` showed, with nothing more to see in it. The border cells
 * are left out so a shift of one cell (a hand that moved a few per cent) is compared on the same
 * ground; the small brightness drift of auto-exposure is taken out first.
 */
export function sameView(answered: ViewPrint | null, next: ViewPrint | null): boolean {
  if (!answered || !next) return false;
  const a = answered.cells;
  const b = next.cells;
  if (a.length !== b.length || a.length !== PRINT_SIDE * PRINT_SIDE * 3) return false;
  if (next.sharpness > answered.sharpness * SHARPER + 1) return false;
  const drift = mean(a) - mean(b);
  if (Math.abs(drift) > SAME_BRIGHTNESS) return false;
  let best = { meanDifference: Infinity, changedCells: Infinity };
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) {
      const shifted = compareShifted(a, b, dx, dy, drift);
      if (shifted.meanDifference < best.meanDifference) best = shifted;
    }
  }
  return best.meanDifference < SAME_MEAN_DIFFERENCE && best.changedCells <= CHANGED_CELLS_ALLOWED;
}
