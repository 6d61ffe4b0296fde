import { endpoints } from '@sfm/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';

let t: TestApp;
let seq = 0;
const device = () => ({ deviceId: `text-lines-${Date.now()}-${++seq}`, userType: 'temporary' });

/** A 960 × 540 frame with each line in large black letters, rotated `degrees` about its centre. */
async function frame(lines: string[], degrees = 0): Promise<string> {
  const width = 960;
  const height = 540;
  const step = height / (lines.length + 1);
  const text = lines
    .map(
      (line, i) =>
        `<text x="50%" y="${step * (i + 1)}" font-family="Noto Sans CJK SC" font-weight="bold" font-size="${Math.floor(step * 0.5)}" text-anchor="middle" dominant-baseline="middle">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g transform="rotate(${degrees} ${width / 2} ${height / 2})">${text}</g></svg>`;
  return (await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/vision/text-lines (the live text fallback)', () => {
  it('reads the lines of a frame in reading order, with where each is in it', async () => {
    const res = await call(
      t.app,
      endpoints.readTextLines,
      { image: await frame(['出口 EXIT', 'WET FLOOR']) },
      device(),
    );
    const { lines } = expectOk(endpoints.readTextLines, res);
    expect(lines.map((l) => l.text)).toEqual(['出口EXIT', 'WET FLOOR']);
    expect(lines.map((l) => l.row)).toEqual([0, 1]);
    const [first] = lines;
    expect(first?.score).toBeGreaterThan(0.8);
    expect(first?.frame.y).toBeLessThan(0.5);
    expect(first?.frame.x).toBeGreaterThan(0.1);
  });

  it('reads a frame held upside down the right way up', async () => {
    const res = await call(
      t.app,
      endpoints.readTextLines,
      { image: await frame(['禁止吸烟'], 180) },
      device(),
    );
    expect(expectOk(endpoints.readTextLines, res).lines.map((l) => l.text)).toEqual(['禁止吸烟']);
  });

  it('a blank frame has no lines', async () => {
    const blank = (
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const res = await call(t.app, endpoints.readTextLines, { image: blank }, device());
    expect(expectOk(endpoints.readTextLines, res).lines).toEqual([]);
  });

  it('refuses what is not an image, and a caller with no identity', async () => {
    expectError(
      await call(t.app, endpoints.readTextLines, { image: 'AAAA' }, device()),
      400,
      'image_invalid',
    );
    const anonymous = await call(t.app, endpoints.readTextLines, { image: await frame(['出口']) });
    expect(anonymous.status).toBe(401);
  });
});
