import { ROW_STEP, runsOf, type PixelBox } from './code-runs.ts';

/** A QR code's finder patterns in a binarized frame (code-finder.ts says why they are looked for). */
const FINDER = [1, 1, 3, 1, 1];

/** Whether five run lengths are a finder pattern's 1:1:3:1:1 (zxing's tolerance: half a module). */
function finderRatio(lengths: readonly number[]): number | null {
  const total = lengths.reduce((a, b) => a + b, 0);
  const module = total / 7;
  if (module < 1.5) return null;
  const ok = lengths.every(
    (len, i) => Math.abs(len - FINDER[i]! * module) < (FINDER[i] === 3 ? 1.5 : 0.5) * module,
  );
  return ok ? module : null;
}

/** Runs through (x, y) along a column: the centre run's extent and the two runs each side of it. */
function verticalFinder(
  bits: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
): number | null {
  const at = (yy: number) => bits[yy * width + x];
  if (at(y) !== 1) return null;
  const lengths = [0, 0, 0, 0, 0];
  let top = y;
  while (top > 0 && at(top - 1) === 1) top -= 1;
  let bottom = y;
  while (bottom < height - 1 && at(bottom + 1) === 1) bottom += 1;
  lengths[2] = bottom - top + 1;
  let yy = top - 1;
  for (const [slot, colour] of [
    [1, 0],
    [0, 1],
  ] as const) {
    while (yy >= 0 && at(yy) === colour) {
      lengths[slot]! += 1;
      yy -= 1;
    }
  }
  yy = bottom + 1;
  for (const [slot, colour] of [
    [3, 0],
    [4, 1],
  ] as const) {
    while (yy < height && at(yy) === colour) {
      lengths[slot]! += 1;
      yy += 1;
    }
  }
  if (lengths.some((l) => l === 0)) return null;
  return finderRatio(lengths) === null ? null : (top + bottom) / 2;
}

/**
 * Whether the square around (x, y) is a finder pattern as an area, not only along two lines: a
 * solid dark centre three modules wide, a light ring, a dark ring (a character such as 国 or 回
 * crosses as 1:1:3:1:1 too, but its centre is strokes, not a solid block).
 */
function solidFinder(
  bits: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  module: number,
): boolean {
  const rings = [0, 0, 0];
  const counts = [0, 0, 0];
  const reach = 3.5 * module;
  const step = Math.max(1, module / 3);
  for (let dy = -reach; dy <= reach; dy += step) {
    for (let dx = -reach; dx <= reach; dx += step) {
      const px = Math.round(x + dx);
      const py = Math.round(y + dy);
      if (px < 0 || py < 0 || px >= width || py >= height) return false;
      const d = Math.max(Math.abs(dx), Math.abs(dy)) / module;
      // the borders between rings are left out: a module's edge blurs either way
      const ring = d < 1.2 ? 0 : d > 1.8 && d < 2.2 ? 1 : d > 2.8 && d < 3.3 ? 2 : -1;
      if (ring < 0) continue;
      rings[ring]! += bits[py * width + px]!;
      counts[ring]! += 1;
    }
  }
  const dark = rings.map((r, i) => r / Math.max(1, counts[i]!));
  return dark[0]! >= 0.75 && dark[1]! <= 0.25 && dark[2]! >= 0.7;
}

interface Finder {
  x: number;
  y: number;
  size: number;
  hits: number;
}

export function finderPatternRegions(bits: Uint8Array, width: number, height: number): PixelBox[] {
  const found: Finder[] = [];
  for (let y = 0; y < height; y += ROW_STEP) {
    const { starts, lengths, firstDark } = runsOf(bits, y * width, width);
    for (let i = firstDark ? 0 : 1; i + 4 < lengths.length; i += 2) {
      const five = lengths.slice(i, i + 5);
      const module = finderRatio(five);
      if (module === null) continue;
      const x = Math.round(starts[i + 2]! + lengths[i + 2]! / 2);
      const cy = verticalFinder(bits, width, height, x, y);
      if (cy === null || !solidFinder(bits, width, height, x, cy, module)) continue;
      const size = module * 7;
      const same = found.find((f) => Math.abs(f.x - x) < size / 2 && Math.abs(f.y - cy) < size / 2);
      if (same) same.hits += 1;
      else found.push({ x, y: cy, size, hits: 1 });
    }
  }
  // a real pattern is crossed by several scanned rows; a chance match on a letter by one
  const patterns = found.filter((f) => f.hits >= 2);
  return clusters(patterns).map((group) => ({
    x0: Math.max(0, Math.min(...group.map((f) => f.x - f.size / 2))),
    y0: Math.max(0, Math.min(...group.map((f) => f.y - f.size / 2))),
    x1: Math.min(width, Math.max(...group.map((f) => f.x + f.size / 2))),
    y1: Math.min(height, Math.max(...group.map((f) => f.y + f.size / 2))),
  }));
}

/** Finder patterns of one code: near each other (a version-10 code's are 7 pattern widths apart) and alike in size. */
function clusters(patterns: Finder[]): Finder[][] {
  const groups: Finder[][] = [];
  for (const p of patterns) {
    const group = groups.find((g) =>
      g.some(
        (q) =>
          Math.hypot(p.x - q.x, p.y - q.y) < 8 * Math.max(p.size, q.size) &&
          Math.max(p.size, q.size) / Math.min(p.size, q.size) < 1.6,
      ),
    );
    if (group) group.push(p);
    else groups.push([p]);
  }
  return groups;
}

// --- linear codes' bars -------------------------------------------------------------------------
