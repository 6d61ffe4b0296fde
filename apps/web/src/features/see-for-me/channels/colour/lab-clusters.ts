import { deltaE, hueOf, type Lab } from './colour-space.ts';

/**
 * The main colours of a set of Lab points: k-means, then clusters too small to be a colour of the
 * garment (a button, a seam, noise) dropped and clusters that are one colour in light and shade
 * merged. Lightness counts half in the distances: a fold's shadow is the same cloth. The points sit
 * in one flat array (l, a, b per point) so a tap's ten thousand of them cluster in milliseconds.
 */

export interface Cluster {
  centre: Lab;
  /** Share of the points, 0..1. */
  share: number;
}

export interface Clustering {
  /** Largest first. */
  clusters: Cluster[];
  /** For each point, the index of its cluster. */
  labels: Uint8Array;
}

const K = 4;
const ROUNDS = 10;
const LIGHTNESS_WEIGHT = 0.5;
/** A cluster holding less than this share of the points is not one of the garment's colours. */
const SMALLEST_SHARE = 0.08;
/** Closer than this (lightness halved) two clusters are one colour. */
const SAME_COLOUR = 14;
/** One colour in light and shade: the same hue within this many degrees and lightness within … */
const SHADE_HUE = 15;
const SHADE_LIGHTNESS = 30;
/** Greys have no hue to compare: below this chroma only their distance joins them. */
const GREY_CHROMA = 12;

/** Squared distance of point `i` of `points` to `centre` (lightness halved). */
function distance2(points: Float32Array, i: number, centre: Lab): number {
  const dl = (points[i * 3]! - centre.l) * LIGHTNESS_WEIGHT;
  const da = points[i * 3 + 1]! - centre.a;
  const db = points[i * 3 + 2]! - centre.b;
  return dl * dl + da * da + db * db;
}

const pointAt = (points: Float32Array, i: number): Lab => ({
  l: points[i * 3]!,
  a: points[i * 3 + 1]!,
  b: points[i * 3 + 2]!,
});

/** k-means++ seeds from a fixed pseudo-random sequence: the same frame gives the same answer. */
function seeds(points: Float32Array, count: number): Lab[] {
  let state = 7;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  const centres = [pointAt(points, Math.floor(random() * count))];
  const nearest = new Float64Array(count).fill(Infinity);
  while (centres.length < K) {
    const last = centres[centres.length - 1]!;
    let total = 0;
    for (let i = 0; i < count; i += 1) {
      nearest[i] = Math.min(nearest[i]!, distance2(points, i, last));
      total += nearest[i]!;
    }
    if (total === 0) break;
    let pick = random() * total;
    let chosen = count - 1;
    for (let i = 0; i < count; i += 1) {
      pick -= nearest[i]!;
      if (pick <= 0) {
        chosen = i;
        break;
      }
    }
    centres.push(pointAt(points, chosen));
  }
  return centres;
}

/** Each point to its nearest centre; true when any point moved. */
function assign(points: Float32Array, centres: readonly Lab[], labels: Uint8Array): boolean {
  let changed = false;
  for (let i = 0; i < labels.length; i += 1) {
    let best = 0;
    let bestDistance = Infinity;
    for (let c = 0; c < centres.length; c += 1) {
      const d = distance2(points, i, centres[c]!);
      if (d < bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    if (labels[i] !== best) changed = true;
    labels[i] = best;
  }
  return changed;
}

function means(points: Float32Array, labels: Uint8Array, count: number): Cluster[] {
  const sums = new Float64Array(count * 4);
  for (let i = 0; i < labels.length; i += 1) {
    const s = labels[i]! * 4;
    sums[s]! += points[i * 3]!;
    sums[s + 1]! += points[i * 3 + 1]!;
    sums[s + 2]! += points[i * 3 + 2]!;
    sums[s + 3]! += 1;
  }
  return Array.from({ length: count }, (_, c) => {
    const n = sums[c * 4 + 3]!;
    return {
      centre: n
        ? { l: sums[c * 4]! / n, a: sums[c * 4 + 1]! / n, b: sums[c * 4 + 2]! / n }
        : { l: 0, a: 0, b: 0 },
      share: n / labels.length,
    };
  });
}

function oneColour(p: Lab, q: Lab): boolean {
  const weighted = Math.hypot((p.l - q.l) * LIGHTNESS_WEIGHT, p.a - q.a, p.b - q.b);
  if (weighted < SAME_COLOUR) return true;
  const hueGap = Math.abs(((hueOf(p) - hueOf(q) + 540) % 360) - 180);
  const coloured = Math.hypot(p.a, p.b) > GREY_CHROMA && Math.hypot(q.a, q.b) > GREY_CHROMA;
  return coloured && hueGap < SHADE_HUE && Math.abs(p.l - q.l) < SHADE_LIGHTNESS;
}

/** The closest pair of clusters that are one colour (the lower index first), or null. */
function pairToMerge(clusters: readonly Cluster[]): [number, number] | null {
  let best: [number, number] | null = null;
  let bestDistance = Infinity;
  for (let i = 0; i < clusters.length; i += 1) {
    for (let j = i + 1; j < clusters.length; j += 1) {
      const [p, q] = [clusters[i]!.centre, clusters[j]!.centre];
      if (oneColour(p, q) && deltaE(p, q) < bestDistance) {
        bestDistance = deltaE(p, q);
        best = [i, j];
      }
    }
  }
  return best;
}

const blend = (a: Cluster, b: Cluster): Lab => {
  const weight = a.share + b.share;
  return {
    l: (a.centre.l * a.share + b.centre.l * b.share) / weight,
    a: (a.centre.a * a.share + b.centre.a * b.share) / weight,
    b: (a.centre.b * a.share + b.centre.b * b.share) / weight,
  };
};

/** The clusters of `points` (l, a, b per point), largest first, and each point's cluster. */
export function clusterColours(points: Float32Array): Clustering {
  const count = points.length / 3;
  const labels = new Uint8Array(count);
  if (!count) return { clusters: [], labels };
  let centres = seeds(points, count);
  for (let round = 0; round < ROUNDS; round += 1) {
    if (!assign(points, centres, labels) && round > 0) break;
    centres = means(points, labels, centres.length).map((c) => c.centre);
  }
  let clusters = means(points, labels, centres.length);
  // the smallest goes first, then the closest pair merges, until what is left are distinct colours
  for (;;) {
    const smallest = clusters.reduce((s, c, i) => (c.share < clusters[s]!.share ? i : s), 0);
    if (clusters.length > 1 && clusters[smallest]!.share < SMALLEST_SHARE) {
      centres = clusters.filter((_, i) => i !== smallest).map((c) => c.centre);
    } else {
      const pair = pairToMerge(clusters);
      if (!pair) break;
      const [keep, drop] = pair;
      centres = clusters.map((c, i) => (i === keep ? blend(c, clusters[drop]!) : c.centre));
      centres.splice(drop, 1);
    }
    assign(points, centres, labels);
    clusters = means(points, labels, centres.length);
  }
  return largestFirst(clusters, labels);
}

function largestFirst(clusters: Cluster[], labels: Uint8Array): Clustering {
  const order = clusters.map((_, i) => i).sort((i, j) => clusters[j]!.share - clusters[i]!.share);
  const rank = new Uint8Array(clusters.length);
  order.forEach((from, to) => (rank[from] = to));
  for (let i = 0; i < labels.length; i += 1) labels[i] = rank[labels[i]!]!;
  return { clusters: order.map((i) => clusters[i]!), labels };
}
