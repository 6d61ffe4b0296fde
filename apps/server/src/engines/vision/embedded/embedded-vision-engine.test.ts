/**
 * Integration tests of the offline engine with the real models (loaded once for the file): OCR on
 * images rendered here from SVG with the system CJK font, and on the shared fixture photos.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, fixturesMissingReason } from '../../../../test/fixtures/shared-fixtures.ts';
import { InvalidImageError } from '../image-pipeline.ts';
import { characterErrorRate } from '../../../../test/fixtures/text-metrics.ts';
import { degrade, renderedLabel } from '../../../../test/fixtures/degraded-photos.ts';
import { handPhoto, labelOnHand } from '../../../../test/fixtures/hand-photos.ts';
import { EmbeddedVisionEngine } from './embedded-vision-engine.ts';
import { phrases } from './phrases.ts';
import { arcText, verticalPage } from '../../../../test/fixtures/text-layouts.ts';

const engine = new EmbeddedVisionEngine();
beforeAll(() => engine.warmUp(), 60_000);

/** Black text lines on white, in the font CI and this machine both have. */
function renderText(lines: string[], fontSize = 44): Promise<Buffer> {
  const width = 900;
  const height = 80 + lines.length * fontSize * 1.8;
  const tspans = lines.map((l, i) => `<text x="40" y="${70 + i * fontSize * 1.8}">${l}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="white"/>
    <g font-family="Noto Sans CJK SC" font-size="${fontSize}" fill="black">${tspans}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('embedded engine on rendered text', () => {
  it('reads Chinese and English lines back in order with spaced English words', async () => {
    const lines = [
      '欢迎光临帮我看看',
      '营业时间 上午九点至晚上八点',
      'Please keep the door closed',
      '电话 13482023068',
    ];
    const { description } = await engine.analyze({ image: await renderText(lines), scenario: 'reading' });
    expect(characterErrorRate(description, lines.join('\n'))).toBeLessThan(0.05);
    expect(description).toContain('Please keep the door closed');
    expect(description.indexOf('欢迎')).toBeLessThan(description.indexOf('电话'));
  });

  it('reads a label bent round a bottle along its arc', async () => {
    const read = async (image: Buffer) => (await engine.analyze({ image, scenario: 'reading' })).description;
    expect(await read(await arcText('天然饮用矿泉水', 60))).toBe('天然饮用矿泉水');
    const label = { background: '#f4e7c8', ink: '#7a1010' };
    expect(await read(await arcText('有机鲜榨橙汁饮品', 40, { bend: 'down', colours: label }))).toBe(
      '有机鲜榨橙汁饮品',
    );
  });

  it('reads a vertical shop sign top to bottom, and sign columns right to left', async () => {
    const read = async (image: Buffer) => (await engine.analyze({ image, scenario: 'reading' })).description;
    // the detector boxes these characters one by one; alone, 口 reads as "D" and 入 as ">"
    expect(await read(await verticalPage({ columns: ['出口'] }))).toBe('出口');
    expect(await read(await verticalPage({ columns: ['出口', '入口'] }))).toBe('出口\n入口');
    const sign = { background: '#b01010', ink: '#ffd700' };
    expect(await read(await verticalPage({ columns: ['中医推拿按摩'] }, { colours: sign }))).toBe(
      '中医推拿按摩',
    );
  });

  it('says there is no text on a blank image, and names nothing in a scene', async () => {
    const blank = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await engine.analyze({ image: blank, scenario: 'reading' })).description).toBe(
      '没有识别到文字。',
    );
    // nothing named, and no guess: it says it is unsure and what would help
    expect((await engine.analyze({ image: blank, scenario: 'realtime' })).description).toMatch(
      /^我不确定画面里有什么。.*志愿者/,
    );
  });

  it('answers a text question from the text it read', async () => {
    const { description } = await engine.analyze({
      image: await renderText(['出口 EXIT']),
      scenario: 'qa',
      prompt: '上面写的什么？',
    });
    expect(description).toContain('出口');
  });

  it.each(['rot90', 'rot180', 'rot270', 'tilt'] as const)(
    'reads a label turned %s as well as upright, in its own line order',
    async (how) => {
      const lines = [
        'KIRKLAND SIGNATURE',
        'PORK LOIN 880',
        '盐酸二甲双胍片 0.5g',
        '一次1粒 每日2次',
        '20 mg, 28 Tablets',
      ];
      const image = await degrade(await renderedLabel(lines), how);
      const { description } = await engine.analyze({ image, scenario: 'reading' });
      expect(characterErrorRate(description, lines.join('\n'))).toBeLessThan(0.03);
      expect(description).toContain('880');
      expect(description.indexOf('KIRKLAND')).toBeLessThan(description.indexOf('Tablets'));
    },
  );

  it('answers "一次吃几粒" from an upside-down medicine box, and reads its name first when asked what it is', async () => {
    const box = await degrade(
      await renderedLabel(['阿莫西林胶囊', '0.25g × 24粒', '用法用量：一次2粒 一日3次'], { fontSize: 72 }),
      'rot180',
    );
    const dose = await engine.analyze({ image: box, scenario: 'qa', prompt: '这个药一次吃几粒' });
    expect(dose.description).toContain('一次2粒');
    expect(dose.description).toContain('用法用量');
    const overview = await engine.analyze({ image: box, scenario: 'observe' });
    expect(overview.description.startsWith(phrases.textIntro)).toBe(true);
    expect(overview.description).toContain('阿莫西林胶囊');
  });

  it('reads a box held up in a hand, and names no person and no road in any describing mode', async () => {
    const held = await degrade(
      await renderedLabel(['阿莫西林胶囊', '0.25g × 24粒', '用法用量：一次2粒 一日3次'], { fontSize: 72 }),
      'heldInHand',
    );
    const reading = await engine.analyze({ image: held, scenario: 'reading' });
    expect(reading.description).toContain('阿莫西林胶囊');
    expect(reading.description).toContain('一次2粒');
    for (const scenario of ['observe', 'realtime', 'move'] as const) {
      const { description } = await engine.analyze({ image: held, scenario });
      // 行走 (move) speaks of obstacles only: print is read there when it warns of something
      if (scenario !== 'move') expect(description, scenario).toContain('阿莫西林');
      expect(description, scenario).not.toMatch(/人|汽车|车辆|红绿灯|路口|道路/);
    }
  });

  it('on a real hand: says what is written on the card it holds, or that it cannot tell what it holds — never "a person"', async () => {
    const label = await renderedLabel(['布洛芬缓释胶囊', '0.3g × 20粒', '一次1粒，一日2次'], {
      fontSize: 56,
      width: 900,
    });
    const onFist = await engine.analyze({ image: await labelOnHand(label), scenario: 'observe' });
    expect(onFist.description).toMatch(/^你手里的东西上写着：布洛芬缓释胶囊/);
    const asked = await engine.analyze({
      image: await labelOnHand(label),
      scenario: 'qa',
      prompt: '一次吃几粒',
    });
    expect(asked.description).toContain('一次1粒');
    for (const pose of ['fist', 'halfCurl'] as const) {
      const { description } = await engine.analyze({ image: handPhoto(pose), scenario: 'realtime' });
      // CenterNet calls this forearm "a person" (0.53–0.59); a knuckle once read as "9"
      expect(description, pose).toBe(phrases.held.unknown);
    }
  });

  it('says which way to move the phone when the text runs off a side of the photo', async () => {
    const label = await renderedLabel(
      ['Take one tablet by mouth twice a day', '每日两次 每次一片 饭后服用'],
      {
        fontSize: 60,
      },
    );
    const right = (await engine.analyze({ image: await degrade(label, 'cutRight'), scenario: 'reading' }))
      .description;
    expect(right).toMatch(/文字被画面右边切掉了，请把手机稍微往右移一点再拍。$/);
    const upsideDown = await degrade(await degrade(label, 'cutRight'), 'rot180');
    // turned upside down, the cut is on the photo's left: the phone moves left
    expect((await engine.analyze({ image: upsideDown, scenario: 'reading' })).description).toMatch(/往左移/);
    const whole = (await engine.analyze({ image: label, scenario: 'reading' })).description;
    expect(whole).not.toContain('切掉');
  });

  it('in 环境, a wet-floor sign is a hazard, said first', async () => {
    const sign = await renderedLabel(['小心地滑', 'CAUTION WET FLOOR'], {
      fontSize: 96,
      background: '#f5c400',
    });
    const { description } = await engine.analyze({ image: sign, scenario: 'move' });
    expect(description).toMatch(/^注意：前方有提示写着“小心地滑/);
    expect(description).not.toContain('没有识别到明显的障碍物');
  });

  it('rejects bytes that are not an image', async () => {
    await expect(engine.analyze({ image: Buffer.from('nope'), scenario: 'realtime' })).rejects.toBeInstanceOf(
      InvalidImageError,
    );
  });
});

const missing = fixturesMissingReason();
describe.skipIf(missing !== null)(
  `embedded engine on shared fixtures${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    const photo = (name: string) => readFileSync(path.join(fixturesDir(), 'images', name));

    it('reads the bank sign', async () => {
      const { description } = await engine.analyze({
        image: photo('text-sign-bank-storefront.jpg'),
        scenario: 'reading',
      });
      expect(description).toContain('中国农业银行');
    });

    it('describes a street with road / vehicle words in move mode', async () => {
      const { description } = await engine.analyze({
        image: photo('street-crosswalk-stop-sign.jpg'),
        scenario: 'move',
      });
      expect(description).toMatch(/道路|路口|汽车|车辆/);
      expect(description).toContain('停车标志');
    });
  },
);
