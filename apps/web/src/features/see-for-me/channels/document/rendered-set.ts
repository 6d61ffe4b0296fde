/**
 * The rendered set the direction-correct rate is measured on (unit test and bench): pages cut off
 * at each side by a little and by a lot, too small, too close, turned each way, tipped, and framed,
 * in a landscape and an upright frame, on dark to light-grey tables, with and without grain, on
 * paper of several shapes held a little askew.
 */
import type { Advice } from './framing.ts';
import type { PageScene } from './rendered-page.ts';

export interface RenderedCase {
  name: string;
  scene: PageScene;
  expected: Advice;
}

const FRAMES = [
  { width: 480, height: 270 },
  { width: 270, height: 480 },
] as const;
/** A framed page reaches this share of the frame along its tighter axis. */
const FRAMED_FILL = 0.75;

const TABLES = [
  { background: 60, noise: 0, paper: 235 },
  { background: 120, noise: 12, paper: 225 },
  { background: 150, noise: 20, paper: 210 },
] as const;

/** Paper that is not A4 (letter, a receipt, a page on its side), a hand that is not quite square. */
const SHEETS = [
  { pageAspect: Math.SQRT2, rotationDeg: 0 },
  { pageAspect: 1.29, rotationDeg: 6 },
  { pageAspect: 1.6, rotationDeg: -7 },
  { pageAspect: 0.75, rotationDeg: 3 },
] as const;

export function renderedSet(): RenderedCase[] {
  const cases: RenderedCase[] = [];
  for (const frame of FRAMES) {
    for (const table of TABLES) {
      for (const sheet of SHEETS) {
        cases.push(...casesFor(frame, table, sheet));
      }
    }
  }
  return cases;
}

function casesFor(
  frame: (typeof FRAMES)[number],
  table: (typeof TABLES)[number],
  sheet: (typeof SHEETS)[number],
): RenderedCase[] {
  const pageWidth = FRAMED_FILL / Math.max(1, (sheet.pageAspect * frame.width) / frame.height);
  const base: PageScene = { ...frame, ...table, ...sheet, pageWidth, centreX: 0.5, centreY: 0.5 };
  const halfW = pageWidth / 2;
  const halfH = (pageWidth * sheet.pageAspect * frame.width) / frame.height / 2;
  const tag = `${frame.width}x${frame.height}, table ${table.background}, sheet ${sheet.pageAspect.toFixed(2)} at ${sheet.rotationDeg}°`;
  const cases: RenderedCase[] = [{ name: `framed, ${tag}`, scene: base, expected: 'framed' }];
  for (const out of [0.15, 0.3, 0.45]) {
    // `out` of the page's width (height) lies beyond that side of the frame
    const shift = (half: number) => half - out * 2 * half;
    const lower = { ...base, pageWidth: pageWidth * 0.8 };
    cases.push(
      { name: `cut left ${out}, ${tag}`, scene: { ...base, centreX: shift(halfW) }, expected: 'moveLeft' },
      {
        name: `cut right ${out}, ${tag}`,
        scene: { ...base, centreX: 1 - shift(halfW) },
        expected: 'moveRight',
      },
      {
        name: `cut top ${out}, ${tag}`,
        scene: { ...lower, centreY: shift(halfH * 0.8) },
        expected: 'moveUp',
      },
      {
        name: `cut bottom ${out}, ${tag}`,
        scene: { ...lower, centreY: 1 - shift(halfH * 0.8) },
        expected: 'moveDown',
      },
    );
  }
  for (const scale of [0.35, 0.5]) {
    cases.push({
      name: `small ${scale}, ${tag}`,
      scene: { ...base, pageWidth: pageWidth * scale },
      expected: 'closer',
    });
  }
  for (const scale of [1.8, 3]) {
    cases.push({
      name: `too close ${scale}, ${tag}`,
      scene: { ...base, pageWidth: pageWidth * scale },
      expected: 'farther',
    });
  }
  for (const degrees of [20, 28]) {
    const small = { ...base, pageWidth: pageWidth * 0.75 };
    cases.push(
      {
        name: `turned ${degrees}° clockwise, ${tag}`,
        scene: { ...small, rotationDeg: degrees },
        expected: 'rotateClockwise',
      },
      {
        name: `turned ${degrees}° counter-clockwise, ${tag}`,
        scene: { ...small, rotationDeg: -degrees },
        expected: 'rotateCounterClockwise',
      },
    );
  }
  cases.push({ name: `tipped, ${tag}`, scene: { ...base, keystone: 0.55 }, expected: 'flatten' });
  return cases;
}
