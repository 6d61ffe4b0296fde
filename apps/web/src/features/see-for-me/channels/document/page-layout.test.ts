import { describe, expect, it } from 'vitest';
import type { ReadLine } from './ocr-ports.ts';
import { layoutPage } from './page-layout.ts';

const line = (text: string, x: number, y: number, width = 300, height = 20): ReadLine => ({
  text,
  box: { x, y, width, height },
  score: 0.9,
});

/** Body lines 20 px tall, 10 px apart; `gap` px more before each line that starts a paragraph. */
function column(x: number, top: number, texts: (string | '¶')[], width = 300): ReadLine[] {
  const lines: ReadLine[] = [];
  let y = top;
  for (const text of texts) {
    if (text === '¶') {
      y += 25;
      continue;
    }
    lines.push(line(text, x, y, width));
    y += 30;
  }
  return lines;
}

const shuffled = <T>(xs: T[]) =>
  xs
    .map((x, i) => [x, (i * 7919) % 13] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([x]) => x);

describe('a page in reading order', () => {
  it('keeps a heading and the paragraphs below it, whatever order the lines came in', () => {
    const lines = [
      line('租房合同', 40, 10, 200, 40),
      ...column(40, 70, ['甲方将房屋出租给乙方，', '租期一年。', '¶', '乙方每月一日前', '交付租金。']),
    ];
    expect(layoutPage(shuffled(lines))).toEqual([
      { kind: 'heading', text: '租房合同' },
      { kind: 'paragraph', text: '甲方将房屋出租给乙方，租期一年。' },
      { kind: 'paragraph', text: '乙方每月一日前交付租金。' },
    ]);
  });

  it('spaces words of other scripts and runs a two-line title together', () => {
    const lines = [
      line('Notice of', 40, 10, 200, 40),
      line('Rent Increase', 40, 55, 260, 40),
      ...column(40, 120, ['Your rent will rise', 'from the first of May.']),
    ];
    expect(layoutPage(lines)).toEqual([
      { kind: 'heading', text: 'Notice of Rent Increase' },
      { kind: 'paragraph', text: 'Your rent will rise from the first of May.' },
    ]);
  });

  it('reads two columns one after the other under a heading that spans both', () => {
    const lines = [
      line('社区通知', 40, 10, 560, 40),
      ...column(40, 70, ['左栏第一行文字内容', '左栏第二行文字内容', '左栏第三行文字内容'], 260),
      ...column(340, 70, ['右栏第一行文字内容', '右栏第二行文字内容', '右栏第三行文字内容'], 260),
    ];
    expect(layoutPage(shuffled(lines)).map((b) => b.text)).toEqual([
      '社区通知',
      '左栏第一行文字内容左栏第二行文字内容左栏第三行文字内容',
      '右栏第一行文字内容右栏第二行文字内容右栏第三行文字内容',
    ]);
  });

  it('reads a table (short cells that share rows) row by row', () => {
    const lines = [
      line('米饭', 40, 10, 60),
      line('2元', 400, 10, 40),
      line('牛肉面', 40, 40, 90),
      line('15元', 400, 40, 50),
      line('豆浆', 40, 70, 60),
      line('3元', 400, 70, 40),
    ];
    expect(layoutPage(shuffled(lines)).map((b) => b.text)).toEqual(['米饭 2元', '牛肉面 15元', '豆浆 3元']);
  });

  it('reads a footer spanning both columns after them', () => {
    const lines = [
      ...column(40, 10, ['左栏第一行文字内容', '左栏第二行文字内容'], 260),
      ...column(340, 10, ['右栏第一行文字内容', '右栏第二行文字内容'], 260),
      line('第 1 页，共 2 页', 40, 110, 560),
    ];
    expect(layoutPage(lines).map((b) => b.text)).toEqual([
      '左栏第一行文字内容左栏第二行文字内容',
      '右栏第一行文字内容右栏第二行文字内容',
      '第 1 页，共 2 页',
    ]);
  });

  it('leaves out empty lines and has nothing for a page without text', () => {
    expect(layoutPage([line('  ', 0, 0)])).toEqual([]);
    expect(layoutPage([])).toEqual([]);
  });
});
