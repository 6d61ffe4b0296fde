/**
 * Camera frames the tests and the bench draw themselves: a white sheet with dark bars for its text
 * lines (a taller bar for the heading) on a darker table, placed, sized, turned and seen at a slant
 * as a hand holding a phone over it would. Also the line boxes a text detector would find in view.
 */
import type { PixelBox } from './ocr-ports.ts';
import type { Pixels } from '../frame-print.ts';

export interface PageScene {
  /** The frame in pixels. */
  width: number;
  height: number;
  /** The page's centre, as shares of the frame. */
  centreX: number;
  centreY: number;
  /** The page's width as a share of the frame's width. */
  pageWidth: number;
  /** Its height over its width (√2 by default: A4 upright). */
  pageAspect?: number;
  /** Turned clockwise on the screen by this many degrees. */
  rotationDeg?: number;
  /** Its top edge this share as long as its bottom edge (the phone tipped: perspective). */
  keystone?: number;
  /** Grey of the table and the paper. */
  background?: number;
  paper?: number;
  /** ± this much noise on every pixel (a camera's grain), from a fixed seed. */
  noise?: number;
}

export interface RenderedPage {
  pixels: Pixels;
  /** The boxes of the text lines in view, clipped to the frame (what a text detector finds). */
  lines: PixelBox[];
}

/** The text lines as bars in page units (0..1 across, 0..aspect down): a heading, then two paragraphs. */
function bars(aspect: number): { x: number; y: number; w: number; h: number }[] {
  const result = [{ x: 0.12, y: 0.1, w: 0.6, h: 0.06 }];
  let y = 0.24;
  for (let i = 0; y + 0.035 < aspect - 0.1; i += 1) {
    // a paragraph's last line is short, and a gap follows it
    const last = i % 6 === 5;
    result.push({ x: 0.1, y, w: last ? 0.4 : 0.8 - (i % 3) * 0.04, h: 0.035 });
    y += last ? 0.12 : 0.07;
  }
  return result;
}

/** A small fixed-seed generator (mulberry32): the same frame every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function renderPage(scene: PageScene): RenderedPage {
  const { width, height } = scene;
  const aspect = scene.pageAspect ?? Math.SQRT2;
  const pageW = scene.pageWidth * width;
  const pageH = pageW * aspect;
  const angle = ((scene.rotationDeg ?? 0) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const keystone = scene.keystone ?? 1;
  const cx = scene.centreX * width;
  const cy = scene.centreY * height;
  const paper = scene.paper ?? 235;
  const background = scene.background ?? 70;
  const lines = bars(aspect);
  // page units (u across 0..1, v down 0..aspect) → frame pixels
  const toFrame = (u: number, v: number) => {
    const across = (v / aspect) * (1 - keystone) + keystone;
    const px = (u - 0.5) * pageW * across;
    const py = (v - aspect / 2) * (pageH / aspect);
    return { x: cx + px * cos - py * sin, y: cy + px * sin + py * cos };
  };
  // frame pixel → page units, or null outside the sheet
  const toPage = (x: number, y: number) => {
    const dx = x - cx;
    const dy = y - cy;
    const px = dx * cos + dy * sin;
    const py = -dx * sin + dy * cos;
    const v = py / (pageH / aspect) + aspect / 2;
    if (v < 0 || v > aspect) return null;
    const across = (v / aspect) * (1 - keystone) + keystone;
    const u = px / (pageW * across) + 0.5;
    return u < 0 || u > 1 ? null : { u, v };
  };
  const random = seeded(width * 31 + height);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = toPage(x + 0.5, y + 0.5);
      const ink =
        at && lines.some((b) => at.u >= b.x && at.u <= b.x + b.w && at.v >= b.y && at.v <= b.y + b.h);
      const grey = (at ? (ink ? 30 : paper) : background) + (scene.noise ?? 0) * (random() * 2 - 1);
      const i = (y * width + x) * 4;
      data[i] = grey;
      data[i + 1] = grey;
      data[i + 2] = grey;
      data[i + 3] = 255;
    }
  }
  const boxes = lines.flatMap((b) => {
    const corners = [
      toFrame(b.x, b.y),
      toFrame(b.x + b.w, b.y),
      toFrame(b.x, b.y + b.h),
      toFrame(b.x + b.w, b.y + b.h),
    ];
    const left = Math.max(0, Math.min(...corners.map((c) => c.x)));
    const right = Math.min(width, Math.max(...corners.map((c) => c.x)));
    const top = Math.max(0, Math.min(...corners.map((c) => c.y)));
    const bottom = Math.min(height, Math.max(...corners.map((c) => c.y)));
    return right - left > 2 && bottom - top > 1
      ? [{ x: left, y: top, width: right - left, height: bottom - top }]
      : [];
  });
  return { pixels: { data, width, height }, lines: boxes };
}
