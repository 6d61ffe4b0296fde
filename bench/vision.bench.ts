/**
 * Embedded vision engine against the shared fixtures' ground truth: OCR character error rate on
 * text photos, share of must-mention objects named on scene photos, cold start and warm latency
 * at the 1120 px 'standard' preset. Prints numbers; not a pass/fail test. Run: `npm run bench:vision`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EmbeddedVisionEngine } from '../apps/server/src/engines/vision/embedded/embedded-vision-engine.ts';
import {
  fixturesDir,
  fixturesMissingReason,
  type GroundTruthItem,
} from '../apps/server/src/engines/vision/fixtures-dir.ts';
import { COMPRESSION_PRESETS, prepareImage } from '../apps/server/src/engines/vision/prepare-image.ts';
import { characterErrorRate } from '../apps/server/src/engines/vision/text-metrics.ts';

const WARM_RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const missing = fixturesMissingReason();
if (missing) {
  console.log(`vision bench skipped: ${missing}`);
  process.exit(0);
}
const dir = fixturesDir();
const items = (
  JSON.parse(readFileSync(path.join(dir, 'GROUND_TRUTH.json'), 'utf8')) as { items: GroundTruthItem[] }
).items;

const engine = new EmbeddedVisionEngine();
const t0 = performance.now();
await engine.warmUp();
const coldMs = performance.now() - t0;
const rssMb = process.memoryUsage().rss / 1024 / 1024;

async function timedRuns(image: Buffer, scenario: 'reading' | 'realtime') {
  const times: number[] = [];
  let description = '';
  for (let i = 0; i < WARM_RUNS; i++) {
    const t = performance.now();
    description = (await engine.analyze({ image, scenario })).description;
    times.push(performance.now() - t);
  }
  return { description, ms: median(times) };
}

async function standardImage(file: string): Promise<Buffer> {
  const { maxSide, quality } = COMPRESSION_PRESETS.standard;
  return (await prepareImage(readFileSync(path.join(dir, file)), maxSide, quality)).jpeg;
}

console.log(`cold start (warmUp): ${coldMs.toFixed(0)} ms, rss after warmUp: ${rssMb.toFixed(0)} MB\n`);

const textRows: string[] = [];
const cers: number[] = [];
const readMs: number[] = [];
for (const item of items.filter((i) => i.kind === 'text' && i.expected_text)) {
  const { description, ms } = await timedRuns(await standardImage(item.file), 'reading');
  const cer = characterErrorRate(description, (item.expected_text ?? '').replace(/\[redacted\]/g, ''));
  const unread = (item.must_read ?? []).filter(
    (s) => !description.replace(/\s/g, '').includes(s.replace(/\s/g, '')),
  );
  cers.push(cer);
  readMs.push(ms);
  textRows.push(
    `${path.basename(item.file).padEnd(38)} CER ${pct(cer).padStart(7)}  ${ms.toFixed(0).padStart(5)} ms  must_read missed: ${unread.join(', ') || '-'}`,
  );
}
console.log('reading (OCR)');
console.log(textRows.join('\n'));
console.log(`mean CER ${pct(mean(cers))}, median latency ${median(readMs).toFixed(0)} ms\n`);

const sceneRows: string[] = [];
let hits = 0;
let total = 0;
const sceneMs: number[] = [];
for (const item of items.filter((i) => i.kind === 'scene')) {
  const { description, ms } = await timedRuns(await standardImage(item.file), 'realtime');
  const wanted = item.must_mention_zh ?? [];
  const named = wanted.filter((alternatives) => alternatives.split('|').some((w) => description.includes(w)));
  hits += named.length;
  total += wanted.length;
  sceneMs.push(ms);
  sceneRows.push(
    `${path.basename(item.file).padEnd(38)} ${`${named.length}/${wanted.length}`.padStart(5)}  ${ms.toFixed(0).padStart(5)} ms  ${description}`,
  );
}
console.log('scene (realtime)');
console.log(sceneRows.join('\n'));
console.log(
  `must-mention named ${hits}/${total} = ${pct(hits / Math.max(1, total))}, median latency ${median(sceneMs).toFixed(0)} ms`,
);
await engine.close();
