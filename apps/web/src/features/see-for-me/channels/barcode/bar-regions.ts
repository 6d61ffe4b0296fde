import { ROW_STEP, runsOf, type PixelBox } from './code-runs.ts';

/** A linear code's bars in a binarized frame (code-finder.ts says why they are looked for). */
/** Fewest runs a stretch of bars has: two thirds of an EAN-8, less than half of an EAN-13. */
const MIN_BAR_RUNS = 20;
/** Shares of the row width: a bar or gap wider than this ends the stretch (the quiet zone, the background). */
const MAX_RUN_SHARE = 1 / 30;
/** A stretch continues on the next scanned row when this share of its pixels agree there. */
const SAME_ROW_SHARE = 0.85;
/** Scanned rows a stretch must continue over: bars are taller than a line of text is tall and alike. */
const MIN_TRACK_ROWS = 7;
/**
 * How much longer than a module bars are, at least: even a truncated EAN's bars are some 20 modules
 * long, while strokes of text that line up for a few rows are only a few strokes long.
 */
const MIN_BAR_LENGTH_IN_RUNS = 20;
/** Pixels a stretch may shift from one scanned row to the next: bars tilted up to about 55°. */
const MAX_SHIFT = 3;

interface Stretch {
  x0: number;
  x1: number;
  /** Its median run: about a module. */
  run: number;
}
interface Track extends Stretch {
  y0: number;
  y1: number;
  rows: number;
  last: Stretch;
}

/** The stretches of a row made of many short runs whose widths vary as bars' do (not regular stripes). */
function barStretches(bits: Uint8Array, width: number, y: number): Stretch[] {
  const { starts, lengths } = runsOf(bits, y * width, width);
  const maxRun = Math.max(4, width * MAX_RUN_SHARE);
  const out: Stretch[] = [];
  let from = -1;
  const close = (to: number) => {
    const count = to - from;
    if (from >= 0 && count >= MIN_BAR_RUNS) {
      const widths = lengths.slice(from, to);
      if (Math.max(...widths) >= 2 * Math.min(...widths)) {
        const run = [...widths].sort((a, b) => a - b)[widths.length >> 1]!;
        out.push({ x0: starts[from]!, x1: starts[to - 1]! + lengths[to - 1]!, run });
      }
    }
    from = -1;
  };
  for (let i = 0; i < lengths.length; i += 1) {
    if (lengths[i]! <= maxRun) {
      if (from < 0) from = i;
    } else close(i);
  }
  close(lengths.length);
  return out;
}

/** The share of pixels two rows' stretches agree on, at the best small shift. */
function agreement(bits: Uint8Array, width: number, yA: number, a: Stretch, yB: number, b: Stretch): number {
  let best = 0;
  for (let shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift += 1) {
    const x0 = Math.max(a.x0, b.x0 - shift);
    const x1 = Math.min(a.x1, b.x1 - shift);
    if (x1 - x0 < (a.x1 - a.x0) * 0.6) continue;
    let same = 0;
    for (let x = x0; x < x1; x += 1) if (bits[yA * width + x] === bits[yB * width + x + shift]) same += 1;
    best = Math.max(best, same / (x1 - x0));
  }
  return best;
}

export function barRegions(bits: Uint8Array, width: number, height: number): PixelBox[] {
  let open: Track[] = [];
  const done: Track[] = [];
  for (let y = 0; y < height; y += ROW_STEP) {
    const next: Track[] = [];
    for (const stretch of barStretches(bits, width, y)) {
      const track = open.find(
        (t) =>
          !next.includes(t) && agreement(bits, width, y - ROW_STEP, t.last, y, stretch) >= SAME_ROW_SHARE,
      );
      if (track) {
        track.x0 = Math.min(track.x0, stretch.x0);
        track.x1 = Math.max(track.x1, stretch.x1);
        track.y1 = y;
        track.rows += 1;
        track.last = stretch;
        next.push(track);
      } else {
        next.push({ ...stretch, y0: y, y1: y, rows: 1, last: stretch });
      }
    }
    done.push(...open.filter((t) => !next.includes(t)));
    open = next;
  }
  done.push(...open);
  return done
    .filter((t) => t.rows >= MIN_TRACK_ROWS && t.y1 - t.y0 + ROW_STEP >= MIN_BAR_LENGTH_IN_RUNS * t.last.run)
    .map(({ x0, x1, y0, y1 }) => ({ x0, y0, x1, y1: Math.min(height, y1 + ROW_STEP) }));
}
