import { describe, expect, it } from 'vitest';
import { judgeFrame, TextLines, UNFRAMED_DETECT_MS } from './frame-judge.ts';
import { assessFraming, CAPTURE_SCORE, type Advice } from './framing.ts';
import type { TextLineDetector } from './ocr-ports.ts';
import { findPage } from './page-finder.ts';
import { renderPage, type PageScene, type RenderedPage } from './rendered-page.ts';
import { renderedSet } from './rendered-set.ts';

const signal = new AbortController().signal;
const LANDSCAPE = { width: 480, height: 270 } as const;
const framed: PageScene = { ...LANDSCAPE, centreX: 0.5, centreY: 0.5, pageWidth: 0.3 };

/** A detector that finds exactly the rendered page's text lines. */
const detectorOf = (rendered: RenderedPage): TextLineDetector => ({
  detectLines: () => Promise.resolve(rendered.lines),
});

async function judge(scene: PageScene, withLines = true) {
  const rendered = renderPage(scene);
  return judgeFrame(rendered.pixels, withLines ? new TextLines(detectorOf(rendered)) : null, signal, 0);
}

const scores = (scenes: PageScene[]) =>
  scenes.map((s) => assessFraming(findPage(renderPage(s).pixels), null).score);

describe('finding the page in a rendered frame', () => {
  it('outlines a centred upright page where it was drawn', () => {
    const page = findPage(renderPage(framed).pixels)!;
    expect(page.bounds.left).toBeCloseTo(0.35, 1);
    expect(page.bounds.right).toBeCloseTo(0.65, 1);
    expect(Object.values(page.contact).every((c) => c === 0)).toBe(true);
  });

  it('finds nothing in a frame of one grey', () => {
    const data = new Uint8ClampedArray(200 * 100 * 4).fill(128);
    expect(findPage({ data, width: 200, height: 100 })).toBeNull();
  });
});

describe('the advice', () => {
  it.each<[string, Partial<PageScene>, Advice]>([
    ['cut off at the left: move the phone left', { centreX: 0.1 }, 'moveLeft'],
    ['cut off at the right: move the phone right', { centreX: 0.9 }, 'moveRight'],
    ['cut off at the top: move the phone up', { pageWidth: 0.25, centreY: 0.2 }, 'moveUp'],
    ['cut off at the bottom: move the phone down', { pageWidth: 0.25, centreY: 0.8 }, 'moveDown'],
    ['small in view: closer', { pageWidth: 0.1 }, 'closer'],
    ['beyond both sides: farther', { pageWidth: 0.9 }, 'farther'],
    [
      'turned clockwise on the screen: turn the phone clockwise',
      { pageWidth: 0.22, rotationDeg: 22 },
      'rotateClockwise',
    ],
    ['turned counter-clockwise', { pageWidth: 0.22, rotationDeg: -22 }, 'rotateCounterClockwise'],
    ['seen at a slant: flatten', { keystone: 0.55 }, 'flatten'],
    ['framed', {}, 'framed'],
  ])('%s', async (_name, change, advice) => {
    expect((await judge({ ...framed, ...change })).advice).toBe(advice);
  });

  it('takes the side the page lies along furthest when cut at two', async () => {
    // mostly beyond the left side, a little beyond the top
    expect((await judge({ ...framed, centreX: 0.05, centreY: 0.4 })).advice).toBe('moveLeft');
  });

  it('says no document for a bare bright surface once the detector finds no text on it', async () => {
    const data = new Uint8ClampedArray(200 * 100 * 4).fill(240);
    for (let i = 0; i < 200 * 20 * 4; i += 1) data[i] = 40; // a dark strip at the top: some contrast
    const pixels = { data, width: 200, height: 100 };
    const none: TextLineDetector = { detectLines: () => Promise.resolve([]) };
    expect((await judgeFrame(pixels, new TextLines(none), signal, 0)).advice).toBe('noDocument');
  });

  it('moves toward text cut off at a side the sheet seemed clear of (a white page on a white table)', async () => {
    const rendered = renderPage({ ...framed, background: 235 });
    const cut: TextLineDetector = {
      detectLines: () => Promise.resolve([{ x: 0, y: 100, width: 200, height: 12 }, ...rendered.lines]),
    };
    expect((await judgeFrame(rendered.pixels, new TextLines(cut), signal, 0)).advice).toBe('moveLeft');
  });

  it('does not ask the detector about a page plainly cut off', async () => {
    let asked = 0;
    const rendered = renderPage({ ...framed, centreX: 0.1 });
    const counting: TextLineDetector = {
      detectLines: () => {
        asked += 1;
        return Promise.resolve(rendered.lines);
      },
    };
    await judgeFrame(rendered.pixels, new TextLines(counting), signal, 0);
    expect(asked).toBe(0);
  });

  it('judges from the pixels alone while the detector cannot answer (its models loading)', async () => {
    const loading: TextLineDetector = { detectLines: () => Promise.resolve(null) };
    const pixels = renderPage({ ...framed, pageWidth: 0.9 }).pixels;
    expect((await judgeFrame(pixels, new TextLines(loading), signal, 0)).advice).toBe('farther');
  });

  it('never frames a page from the lines of one that has just left the view', async () => {
    const rendered = renderPage({ ...framed, background: 235 });
    let lines = rendered.lines;
    const lines0 = new TextLines({ detectLines: () => Promise.resolve(lines) });
    // a white page on a white table: framed by its text lines
    expect((await judgeFrame(rendered.pixels, lines0, signal, 0)).advice).toBe('framed');
    // at once the bare table: the lines a moment old would frame it; the detector is asked again
    lines = [];
    const bare = renderPage({ ...framed, pageWidth: 0 }).pixels;
    expect((await judgeFrame(bare, lines0, signal, 400)).advice).toBe('noDocument');
  });

  it('looks afresh at a view that changed (the bare table after the page read)', async () => {
    // a page just big enough: its text lines alone would be "closer"
    const page = renderPage({ ...framed, pageWidth: 0.22 });
    let boxes = page.lines;
    const lines = new TextLines({ detectLines: () => Promise.resolve(boxes) });
    expect((await judgeFrame(page.pixels, lines, signal, 0)).advice).toBe('framed');
    boxes = [];
    const bare = renderPage({ ...framed, pageWidth: 0 }).pixels;
    expect((await judgeFrame(bare, lines, signal, 400)).advice).toBe('noDocument');
  });

  it('judges from the pixels alone when the detector fails', async () => {
    const broken: TextLineDetector = { detectLines: () => Promise.reject(new Error('no backend')) };
    const pixels = renderPage(framed).pixels;
    expect((await judgeFrame(pixels, new TextLines(broken), signal, 0)).advice).toBe('framed');
  });

  it('asks the detector about a view with no page once a second, and afresh before each capture', async () => {
    let asked = 0;
    const counting: TextLineDetector = {
      detectLines: () => {
        asked += 1;
        return Promise.resolve([]);
      },
    };
    const lines = new TextLines(counting);
    const nothing = renderPage({ ...framed, pageWidth: 0 }).pixels;
    const page = renderPage(framed).pixels;
    for (let now = 0; now < 2 * UNFRAMED_DETECT_MS; now += 400) {
      expect((await judgeFrame(nothing, lines, signal, now)).advice).toBe('noDocument');
    }
    expect(asked).toBe(2);
    await judgeFrame(page, lines, signal, 2 * UNFRAMED_DETECT_MS);
    await judgeFrame(page, lines, signal, 2 * UNFRAMED_DETECT_MS + 1);
    expect(asked).toBe(4);
  });
});

describe('the framing score', () => {
  const nonIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || x <= xs[i - 1]!);

  it('falls as the page slides out of the frame', () => {
    const s = scores([0.5, 0.4, 0.3, 0.2, 0.1, 0.03].map((centreX) => ({ ...framed, centreX })));
    expect(s[0]).toBeGreaterThanOrEqual(CAPTURE_SCORE);
    expect(nonIncreasing(s)).toBe(true);
    expect(s.at(-1)!).toBeLessThan(s[2]!);
  });

  it('falls as the page gets smaller in view', () => {
    const s = scores([0.3, 0.25, 0.2, 0.15, 0.1, 0.05].map((pageWidth) => ({ ...framed, pageWidth })));
    expect(s[0]).toBeGreaterThanOrEqual(CAPTURE_SCORE);
    expect(nonIncreasing(s)).toBe(true);
    expect(s.at(-1)!).toBeLessThan(CAPTURE_SCORE);
  });

  it('falls as the page is turned further', () => {
    const s = scores(
      [0, 8, 14, 20, 26, 32].map((rotationDeg) => ({ ...framed, pageWidth: 0.22, rotationDeg })),
    );
    expect(s[0]).toBeGreaterThanOrEqual(CAPTURE_SCORE);
    expect(nonIncreasing(s)).toBe(true);
    expect(s.at(-1)!).toBeLessThan(CAPTURE_SCORE);
  });
});

describe('the rendered set', () => {
  it('gets the direction right for at least 95 % of it', async () => {
    const cases = renderedSet();
    const wrong: string[] = [];
    for (const c of cases) {
      const got = (await judge(c.scene)).advice;
      if (got !== c.expected) wrong.push(`${c.name}: ${got}, expected ${c.expected}`);
    }
    const rate = 1 - wrong.length / cases.length;
    console.info(`document direction-correct rate: ${(rate * 100).toFixed(1)} % of ${cases.length}`, wrong);
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });
});
