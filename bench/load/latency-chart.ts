import type { Sample } from './recorder.ts';

/** One second of the server's event-loop delay, as the probe wrote it. */
export interface LoopSecond {
  second: number;
  p99: number;
}

const WIDTH = 900;
const HEIGHT = 320;
const PAD = { left: 60, right: 20, top: 20, bottom: 40 };
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#17becf'];

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface Series {
  name: string;
  points: { x: number; y: number }[];
  dots: boolean;
}

/** An SVG chart: x in seconds, y in ms, each series as dots or a line, with a legend. */
function chart(title: string, series: Series[], yLabel: string): string {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => p.y));
  const xMax = Math.max(1, ...xs);
  const yMax = Math.max(1, ...ys) * 1.05;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + (x / xMax) * plotW;
  const sy = (y: number) => PAD.top + plotH - (y / yMax) * plotH;
  const ticks = Array.from({ length: 6 }, (_, i) => (yMax * i) / 5);
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${sy(t)}" y2="${sy(t)}" stroke="#ddd"/>` +
        `<text x="${PAD.left - 6}" y="${sy(t) + 4}" text-anchor="end" font-size="11">${t.toFixed(0)}</text>`,
    )
    .join('');
  const body = series
    .map((s, i) => {
      const colour = COLOURS[i % COLOURS.length];
      if (s.dots)
        return s.points
          .map(
            (p) => `<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="1.6" fill="${colour}"/>`,
          )
          .join('');
      const path = s.points.map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
      return `<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`;
    })
    .join('');
  const legend = series
    .map(
      (s, i) =>
        `<text x="${PAD.left + 10 + i * 150}" y="${PAD.top + 12}" font-size="12" fill="${COLOURS[i % COLOURS.length]}">● ${escape(s.name)}</text>`,
    )
    .join('');
  return `<figure><figcaption>${escape(title)}</figcaption>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escape(title)}">
${grid}${body}${legend}
<text x="${WIDTH / 2}" y="${HEIGHT - 8}" text-anchor="middle" font-size="12">seconds since the load began</text>
<text x="14" y="${HEIGHT / 2}" transform="rotate(-90 14 ${HEIGHT / 2})" text-anchor="middle" font-size="12">${escape(yLabel)}</text>
</svg></figure>`;
}

/** Per-second p95 of a kind's successful samples. */
function p95PerSecond(samples: Sample[]): { x: number; y: number }[] {
  const bySecond = new Map<number, number[]>();
  for (const s of samples) {
    const second = Math.floor(s.at / 1000);
    bySecond.set(second, [...(bySecond.get(second) ?? []), s.ms]);
  }
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, ms]) => {
      const sorted = ms.sort((a, b) => a - b);
      return { x: second, y: sorted[Math.floor((sorted.length - 1) * 0.95)] ?? 0 };
    });
}

/**
 * The load as a self-contained HTML page: every analysis's latency over time (dots) with the
 * per-second p95 of each kind, and the server's event-loop delay p99 per second.
 */
export function latencyReport(summaryText: string, samples: Sample[], loop: LoopSecond[]): string {
  const ok = samples.filter((s) => s.ok);
  const kinds = [...new Set(ok.map((s) => s.kind))];
  const analyses = ok.filter((s) => s.kind === 'analysis');
  const latency = chart(
    'Latency over time: each analysis (dots, includes the fake engine’s 800 ms) and the p95 of each kind per second',
    [
      { name: 'analysis (each)', points: analyses.map((s) => ({ x: s.at / 1000, y: s.ms })), dots: true },
      ...kinds.map((kind) => ({
        name: `${kind} p95`,
        points: p95PerSecond(ok.filter((s) => s.kind === kind)),
        dots: false,
      })),
    ],
    'ms',
  );
  const loopChart = chart(
    'Server event-loop delay, p99 of each second',
    [{ name: 'event-loop delay p99', points: loop.map((l) => ({ x: l.second, y: l.p99 })), dots: false }],
    'ms',
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>See For Me load bench</title>
<style>body{font-family:sans-serif;margin:2em}figcaption{font-weight:bold;margin:1em 0 .5em}</style></head>
<body><h1>See For Me load bench</h1><pre>${escape(summaryText)}</pre>${latency}${loopChart}</body></html>\n`;
}
