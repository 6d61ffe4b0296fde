/**
 * Hard text layouts rendered from SVG with the system CJK font, for the engine's tests and the
 * vision bench: text bent along an arc (a label round a bottle or can) and vertical columns (shop
 * and gate signs, classical pages). Every character is placed on its own, so the geometry is
 * exact and the same wherever the font is installed (librsvg has no vertical writing mode).
 */
import sharp from 'sharp';

const FONT = 'font-family="Noto Sans CJK SC" font-weight="bold"';
/** Character advance as a share of the font size: a little air, as printed labels have. */
const PITCH = 1.15;

export interface Colours {
  background: string;
  ink: string;
}
const BLACK_ON_WHITE: Colours = { background: '#ffffff', ink: '#000000' };

const glyph = (char: string, x: number, y: number, size: number, rotate = 0) =>
  `<text x="0" y="0" font-size="${size}" text-anchor="middle" dominant-baseline="central" ` +
  `transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rotate.toFixed(2)})">${char}</text>`;

function png(width: number, height: number, colours: Colours, body: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${Math.round(height)}">` +
    `<rect width="100%" height="100%" fill="${colours.background}"/>` +
    `<g ${FONT} fill="${colours.ink}">${body}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * `text` upright along a circular arc that turns through `sweepDegrees` from first to last
 * character: 'up' bends like the top of a round seal (ends lower than the middle), 'down' like a
 * label seen from above on a bottle (ends higher).
 */
export function arcText(
  text: string,
  sweepDegrees: number,
  {
    bend = 'up',
    size = 56,
    colours = BLACK_ON_WHITE,
  }: { bend?: 'up' | 'down'; size?: number; colours?: Colours } = {},
): Promise<Buffer> {
  const chars = [...text];
  const sweep = (sweepDegrees * Math.PI) / 180;
  const radius = (chars.length * size * PITCH) / sweep;
  const chord = 2 * radius * Math.sin(sweep / 2);
  const sagitta = radius * (1 - Math.cos(sweep / 2));
  const margin = size * 2;
  const width = chord + 2 * margin;
  const height = sagitta + size + 2 * margin;
  const sign = bend === 'up' ? 1 : -1;
  // the circle's centre sits below the text for 'up', above it for 'down'
  const cx = width / 2;
  const cy = bend === 'up' ? margin + size / 2 + radius : height - margin - size / 2 - radius;
  const body = chars
    .map((char, i) => {
      const angle = -sweep / 2 + ((i + 0.5) * sweep) / chars.length;
      const x = cx + radius * Math.sin(angle);
      const y = cy - sign * radius * Math.cos(angle);
      return glyph(char, x, y, size, (sign * angle * 180) / Math.PI);
    })
    .join('');
  return png(width, height, colours, body);
}

export interface VerticalPage {
  /** Columns in reading order: the first is drawn rightmost. */
  columns: string[];
  /** A horizontal line above the columns. */
  title?: string;
  /** A horizontal line below them. */
  footer?: string;
}

/** Vertical columns, read top to bottom and right to left, with optional horizontal lines. */
export function verticalPage(
  { columns, title, footer }: VerticalPage,
  {
    size = 56,
    colours = BLACK_ON_WHITE,
    spacing = PITCH,
  }: {
    size?: number;
    colours?: Colours;
    /** character advance down a column, in font sizes */ spacing?: number;
  } = {},
): Promise<Buffer> {
  const pitch = size * spacing;
  const columnGap = size * 0.9;
  const margin = size * 1.2;
  const longest = Math.max(...columns.map((c) => [...c].length));
  const columnsWidth = columns.length * size + (columns.length - 1) * columnGap;
  const lineWidth = (line?: string) => (line ? [...line].length * size : 0);
  const width = Math.max(columnsWidth, lineWidth(title), lineWidth(footer)) + 2 * margin;
  const titleSpace = title ? size * 2 : 0;
  const footerSpace = footer ? size * 2 : 0;
  const height = 2 * margin + titleSpace + longest * pitch + footerSpace;
  const horizontal = (line: string, y: number) =>
    `<text x="${(width / 2).toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" text-anchor="middle" ` +
    `dominant-baseline="central">${line}</text>`;
  const right = (width + columnsWidth) / 2;
  const top = margin + titleSpace;
  const body = columns
    .flatMap((column, c) => {
      const x = right - size / 2 - c * (size + columnGap);
      return [...column].map((char, i) => glyph(char, x, top + (i + 0.5) * pitch, size));
    })
    .join('');
  return png(
    width,
    height,
    colours,
    (title ? horizontal(title, margin + size / 2) : '') +
      body +
      (footer ? horizontal(footer, top + longest * pitch + size) : ''),
  );
}

/** The text a sighted reader reads from a vertical page, one line per row or column. */
export function verticalPageText({ columns, title, footer }: VerticalPage): string {
  return [title, ...columns, footer].filter(Boolean).join('\n');
}
