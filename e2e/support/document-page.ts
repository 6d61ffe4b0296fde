import sharp from 'sharp';

/** The canvas camera's picture (e2e/support/canvas-camera.ts): the page is drawn at this size. */
const WIDTH = 1280;
const HEIGHT = 720;

export interface DocumentPageText {
  heading: string;
  /** Paragraphs, each a list of lines (about 11 Chinese characters fit a line). */
  paragraphs: readonly (readonly string[])[];
}

export interface PagePlacement {
  /** The page's centre, as shares of the picture (0.5, 0.5 by default). */
  centreX?: number;
  centreY?: number;
  /** Its height as a share of the picture's (0.75 by default: framed, when all of it is in view). */
  height?: number;
  /** Turned clockwise on the screen by this many degrees. */
  rotationDeg?: number;
  /** The table's colour. */
  table?: string;
}

/**
 * An upright white page of A4's shape with a heading and paragraphs in real letters (Noto Sans CJK
 * SC, for the OCR to read) on a table, as the phone's camera sees it, placed, sized and turned as
 * `placement` says (a centre off the picture's middle cuts it off at that side).
 */
export async function documentPage(text: DocumentPageText, placement: PagePlacement = {}): Promise<Buffer> {
  const pageH = (placement.height ?? 0.75) * HEIGHT;
  const pageW = pageH / Math.SQRT2;
  const unit = pageH / 540;
  const parts = [
    `<text x="${28 * unit}" y="${70 * unit}" font-size="${46 * unit}" font-weight="bold">${text.heading}</text>`,
  ];
  let y = 140 * unit;
  for (const paragraph of text.paragraphs) {
    for (const line of paragraph) {
      parts.push(`<text x="${28 * unit}" y="${y}" font-size="${26 * unit}">${line}</text>`);
      y += 42 * unit;
    }
    y += 36 * unit;
  }
  const cx = (placement.centreX ?? 0.5) * WIDTH;
  const cy = (placement.centreY ?? 0.5) * HEIGHT;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="${placement.table ?? '#3a3a3a'}"/>
    <g transform="translate(${cx} ${cy}) rotate(${placement.rotationDeg ?? 0}) translate(${-pageW / 2} ${-pageH / 2})">
      <rect width="${pageW}" height="${pageH}" fill="#f4f4f0"/>
      <g font-family="Noto Sans CJK SC" fill="#111">${parts.join('')}</g>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The table alone: no page in view. */
export const emptyTable = (table?: string) =>
  documentPage({ heading: '', paragraphs: [] }, { centreX: 5, table });
