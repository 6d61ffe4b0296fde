import sharp, { type Sharp } from 'sharp';

/**
 * Banknote-like pictures the tests draw themselves (the banknote channel's unit tests, its browser
 * test and its bench): a note-sized card in the value's colours with the real notes' texts where
 * they stand (中国人民银行, the large numerals in two corners, the gold colour-shifting numeral,
 * the value in capitals, a serial number, the series year), front or back, put on a desk at any
 * angle, and partly covered by a thumb or folded. Each picture comes with where every text line
 * stands in it and what of it is still visible: what a perfect OCR would read.
 */

export const NOTE_VALUES = [1, 5, 10, 20, 50, 100] as const;
export type NoteValue = (typeof NOTE_VALUES)[number];
export type NoteSide = 'front' | 'back';
/** What hides part of the note: nothing, a thumb over the large numeral, a third folded under. */
export type NoteCover = 'none' | 'thumb' | 'fold';

/** A note's inks: the printing, the pattern and portrait, the tinted paper. */
interface Inks {
  ink: string;
  mid: string;
  paper: string;
}

export const NOTE_INKS: Readonly<Record<NoteValue, Inks>> = {
  100: { ink: '#B8283C', mid: '#D9546A', paper: '#F2C4CB' },
  50: { ink: '#1F6B4C', mid: '#3F8F6B', paper: '#B3D9C4' },
  20: { ink: '#7A4A2A', mid: '#A0704A', paper: '#E2C6A4' },
  10: { ink: '#24509A', mid: '#4A78BE', paper: '#BBCDEB' },
  5: { ink: '#6A3E80', mid: '#8E62A4', paper: '#D8C6E2' },
  1: { ink: '#6E7A2A', mid: '#939E48', paper: '#DCDDB0' },
};
const GOLD = '#C9A227';
const DESK = '#6B6B66';
const THUMB = '#D9A88A';

const CAPITALS: Readonly<Record<NoteValue, string>> = {
  100: '壹佰圆',
  50: '伍拾圆',
  20: '贰拾圆',
  10: '拾圆',
  5: '伍圆',
  1: '壹圆',
};
/** The series each value is drawn as: the 2015 100, the 2020 5, the 2019 others. */
const SERIES: Readonly<Record<NoteValue, string>> = {
  100: '2015',
  50: '2019',
  20: '2019',
  10: '2019',
  5: '2020',
  1: '2019',
};

/** The note's own units: 1000 × 490 (a 100 is 155 × 77 mm). */
const NOTE_W = 1000;
const NOTE_H = 490;

type Font = 'digits' | 'han' | 'latin';
interface NoteText {
  text: string;
  /** Centre, in note units. */
  x: number;
  y: number;
  size: number;
  font: Font;
  fill: string;
}

/** How wide a character of each font is, in font sizes (bold sans digits, CJK, capitals). */
const ADVANCE: Readonly<Record<Font, number>> = { digits: 0.6, han: 1, latin: 0.68 };
/** How much of the font size the glyphs fill upright (the OCR's box is about as tall). */
const GLYPH_HEIGHT: Readonly<Record<Font, number>> = { digits: 0.74, han: 0.9, latin: 0.74 };
const FAMILY: Readonly<Record<Font, string>> = {
  digits: 'Noto Sans CJK SC',
  han: 'Noto Serif CJK SC',
  latin: 'Noto Sans CJK SC',
};

function textsOf(value: NoteValue, side: NoteSide): NoteText[] {
  const { ink } = NOTE_INKS[value];
  const numeral = String(value);
  if (side === 'front') {
    return [
      { text: '中国人民银行', x: 330, y: 78, size: 56, font: 'han', fill: ink },
      { text: numeral, x: 175, y: 395, size: 130, font: 'digits', fill: ink },
      { text: numeral, x: 880, y: 70, size: 58, font: 'digits', fill: ink },
      { text: numeral, x: 620, y: 330, size: 88, font: 'digits', fill: GOLD },
      { text: CAPITALS[value], x: 450, y: 428, size: 58, font: 'han', fill: ink },
      { text: 'AB12345678', x: 270, y: 250, size: 34, font: 'latin', fill: '#2A2A2A' },
    ];
  }
  return [
    { text: '中国人民银行', x: 470, y: 72, size: 50, font: 'han', fill: ink },
    { text: numeral, x: 860, y: 118, size: 112, font: 'digits', fill: ink },
    { text: 'YUAN', x: 860, y: 200, size: 34, font: 'latin', fill: ink },
    { text: numeral, x: 150, y: 410, size: 84, font: 'digits', fill: ink },
    { text: 'ZHONGGUO RENMIN YINHANG', x: 560, y: 448, size: 26, font: 'latin', fill: ink },
    { text: SERIES[value], x: 110, y: 70, size: 28, font: 'digits', fill: ink },
  ];
}

/** The printing that is not text: guilloche bands and the portrait (front) or a building (back). */
function artOf(value: NoteValue, side: NoteSide): string {
  const { mid, ink } = NOTE_INKS[value];
  const bands = [120, 180, 240]
    .map(
      (y, i) =>
        `<path d="M0 ${y} C 250 ${y - 60} 450 ${y + 60} 700 ${y}" stroke="${mid}" stroke-width="${10 - i * 2}" fill="none" opacity="0.55"/>`,
    )
    .join('');
  const picture =
    side === 'front'
      ? `<ellipse cx="820" cy="280" rx="120" ry="160" fill="${mid}"/><ellipse cx="820" cy="220" rx="62" ry="74" fill="${ink}" opacity="0.6"/>`
      : `<rect x="330" y="150" width="380" height="200" fill="${mid}"/><rect x="360" y="120" width="320" height="40" fill="${ink}" opacity="0.7"/>`;
  return bands + picture;
}

export interface NotePlacement {
  /** Degrees clockwise (0: upright and level). */
  angle: number;
  /** The note's width as a share of the picture's width (before turning). */
  widthShare: number;
  /** Centre, as shares of the picture's sides. */
  cx: number;
  cy: number;
}

export interface NoteScene {
  value: NoteValue;
  side: NoteSide;
  cover: NoteCover;
  placement: NotePlacement;
}

/** A text line as a perfect OCR would read it: the visible characters and their box in the picture. */
export interface VisibleLine {
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

export interface RenderedNote {
  png: Buffer;
  width: number;
  height: number;
  lines: VisibleLine[];
}

/** The picture's size: the canvas camera's 16:9. */
export const PICTURE_W = 1280;
export const PICTURE_H = 720;

/** The part of the note a cover hides, in note units. */
function hidden(cover: NoteCover, side: NoteSide): (x: number, y: number) => boolean {
  if (cover === 'fold') return (x) => x > NOTE_W * 0.64;
  if (cover === 'thumb') {
    // over the large numeral's corner: bottom left on the front, top right on the back
    const [cx, cy] = side === 'front' ? [120, 430] : [930, 90];
    return (x, y) => ((x - cx) / 130) ** 2 + ((y - cy) / 110) ** 2 < 1;
  }
  return () => false;
}

function coverSvg(cover: NoteCover, side: NoteSide): string {
  if (cover === 'fold') {
    // the folded third lies under the note: the desk shows there, and the fold casts a shadow
    const x = NOTE_W * 0.64;
    return `<rect x="${x}" y="-4" width="${NOTE_W - x + 8}" height="${NOTE_H + 8}" fill="${DESK}"/><rect x="${x - 6}" y="0" width="6" height="${NOTE_H}" fill="#000" opacity="0.35"/>`;
  }
  if (cover === 'thumb') {
    const [cx, cy] = side === 'front' ? [120, 430] : [930, 90];
    return `<ellipse cx="${cx}" cy="${cy}" rx="130" ry="110" fill="${THUMB}"/>`;
  }
  return '';
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The note-to-picture transform: note units → picture pixels. */
function placer({ angle, widthShare, cx, cy }: NotePlacement) {
  const scale = (widthShare * PICTURE_W) / NOTE_W;
  const turn = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const ox = cx * PICTURE_W;
  const oy = cy * PICTURE_H;
  return {
    svg: `translate(${ox} ${oy}) rotate(${angle}) scale(${scale}) translate(${-NOTE_W / 2} ${-NOTE_H / 2})`,
    point(x: number, y: number): [number, number] {
      const [u, v] = [(x - NOTE_W / 2) * scale, (y - NOTE_H / 2) * scale];
      return [ox + u * cos - v * sin, oy + u * sin + v * cos];
    },
  };
}

/** The runs of a text's characters that the cover leaves visible, each with its box in note units. */
function visibleRuns(t: NoteText, isHidden: (x: number, y: number) => boolean) {
  const chars = [...t.text];
  const advance = t.size * ADVANCE[t.font];
  const left = t.x - (chars.length * advance) / 2;
  const runs: { text: string; x0: number; x1: number }[] = [];
  let run: { text: string; x0: number; x1: number } | null = null;
  chars.forEach((char, i) => {
    const x0 = left + i * advance;
    const shown = char === ' ' || !isHidden(x0 + advance / 2, t.y);
    if (shown) {
      run ??= { text: '', x0, x1: x0 };
      run.text += char;
      run.x1 = x0 + advance;
    } else if (run) {
      runs.push(run);
      run = null;
    }
  });
  if (run) runs.push(run);
  const half = (t.size * GLYPH_HEIGHT[t.font]) / 2;
  return runs
    .map((r) => ({ ...r, text: r.text.trim() }))
    .filter((r) => r.text)
    .map((r) => ({
      text: r.text,
      corners: [
        [r.x0, t.y - half],
        [r.x1, t.y - half],
        [r.x1, t.y + half],
        [r.x0, t.y + half],
      ],
    }));
}

/** A note on the desk as an SVG picture, with the lines a perfect OCR would read (picture pixels). */
function noteSvg(scene: NoteScene): { svg: string; lines: VisibleLine[] } {
  const { value, side, cover } = scene;
  const place = placer(scene.placement);
  const texts = textsOf(value, side);
  const textSvg = texts
    .map(
      (t) =>
        `<text x="${t.x}" y="${t.y}" font-family="${FAMILY[t.font]}" font-weight="bold" font-size="${t.size}" text-anchor="middle" dominant-baseline="central" fill="${t.fill}">${escapeXml(t.text)}</text>`,
    )
    .join('');
  const note = `<rect width="${NOTE_W}" height="${NOTE_H}" rx="10" fill="${NOTE_INKS[value].paper}"/>${artOf(value, side)}${textSvg}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_W}" height="${PICTURE_H}"><rect width="100%" height="100%" fill="${DESK}"/><g transform="${place.svg}">${note}${coverSvg(cover, side)}</g></svg>`;
  const isHidden = hidden(cover, side);
  const lines = texts.flatMap((t) =>
    visibleRuns(t, isHidden).map(({ text, corners }) => {
      const points = corners.map(([x, y]) => place.point(x!, y!));
      const xs = points.map(([x]) => Math.min(PICTURE_W, Math.max(0, x)));
      const ys = points.map(([, y]) => Math.min(PICTURE_H, Math.max(0, y)));
      const [x, y] = [Math.min(...xs), Math.min(...ys)];
      return { text, box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y } };
    }),
  );
  return { svg, lines: lines.filter((l) => l.box.width > 0 && l.box.height > 0) };
}

/** A note on the desk as the camera would see it (PNG), with the lines a perfect OCR would read. */
export async function renderNote(scene: NoteScene): Promise<RenderedNote> {
  const { svg, lines } = noteSvg(scene);
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { png, width: PICTURE_W, height: PICTURE_H, lines };
}

/** RGBA pixels, as a camera frame holds them. */
export interface NotePixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * The same picture drawn straight at `width` pixels wide (a frame grabbed at the channel's size),
 * its lines in those pixels: the unit tests' fast path, no PNG in between.
 */
export async function notePixels(
  scene: NoteScene,
  width: number,
): Promise<{ pixels: NotePixels; lines: VisibleLine[] }> {
  const { svg, lines } = noteSvg(scene);
  const scale = width / PICTURE_W;
  return {
    pixels: await rawPixels(sharp(Buffer.from(svg), { density: 72 * scale })),
    lines: lines.map(({ text, box }) => ({
      text,
      box: { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale },
    })),
  };
}

async function rawPixels(image: Sharp): Promise<NotePixels> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** The desk alone: what the camera sees between notes. */
export async function renderEmptyDesk(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_W}" height="${PICTURE_H}"><rect width="100%" height="100%" fill="${DESK}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A card of one colour the size of a note, with no numeral on it: what must never be named by
 * its colour alone.
 */
export async function renderColourCard(fill: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_W}" height="${PICTURE_H}"><rect width="100%" height="100%" fill="${DESK}"/><rect x="240" y="170" width="800" height="390" rx="10" fill="${fill}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A picture's RGBA pixels at `width` (its sides kept), as a frame grabbed at that size. */
export const pixelsOf = (png: Buffer, width: number): Promise<NotePixels> =>
  rawPixels(sharp(png).resize({ width }));

/** Where notes are held: level, on their sides and upside down, a little tilted, near and far. */
export const PLACEMENTS: readonly NotePlacement[] = [0, 90, 180, 270].flatMap((quarter) => [
  { angle: quarter, widthShare: quarter % 180 ? 0.42 : 0.72, cx: 0.5, cy: 0.5 },
  { angle: quarter + 8, widthShare: quarter % 180 ? 0.38 : 0.62, cx: 0.47, cy: 0.52 },
]);

/** The rendered set: every value, both sides, every placement, whole, under a thumb and folded. */
export function noteScenes(): NoteScene[] {
  return NOTE_VALUES.flatMap((value) =>
    (['front', 'back'] as const).flatMap((side) =>
      (['none', 'thumb', 'fold'] as const).flatMap((cover) =>
        PLACEMENTS.map((placement) => ({ value, side, cover, placement })),
      ),
    ),
  );
}
