import { describe, expect, it } from 'vitest';
import { joinReadingRows, orderReadingRows, type TextLine } from './reading-order.ts';

/** A line whose box is x, y, width, height in pixels. */
const line = (text: string, x: number, y: number, w: number, h: number): TextLine => ({
  text,
  score: 0.99,
  points: [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ],
});

const read = (lines: TextLine[]) => joinReadingRows(orderReadingRows(lines));

describe('reading order', () => {
  it('reads rows top to bottom and pieces left to right', () => {
    expect(read([line('乙', 200, 10, 50, 20), line('丙', 0, 60, 50, 20), line('甲', 0, 12, 50, 20)])).toBe(
      '甲 乙\n丙',
    );
  });

  it('reads vertical sign columns right to left', () => {
    expect(read([line('土地整治', 10, 0, 40, 300), line('华南农业', 100, 0, 40, 300)])).toBe(
      '华南农业\n土地整治',
    );
  });

  it('reads the pieces of a vertical column top to bottom, columns right to left', () => {
    // each column's lower piece sticks out a little further right than its upper piece
    const lines = [
      line('土地', 10, 0, 40, 120),
      line('整治', 12, 130, 39, 120),
      line('农业', 102, 130, 42, 120),
      line('华南', 100, 0, 40, 120),
    ];
    expect(read(lines)).toBe('华南 农业\n土地 整治');
  });

  it('keeps a horizontal title and footer around vertical columns in their own order', () => {
    const lines = [
      line('唐 李白', 60, 420, 120, 30),
      line('疑是地上霜', 60, 60, 40, 300),
      line('静夜思', 40, 0, 160, 40),
      line('床前明月光', 140, 60, 40, 300),
    ];
    expect(read(lines)).toBe('静夜思\n床前明月光\n疑是地上霜\n唐 李白');
  });

  it('reads two independent columns one after the other, under a full-width heading', () => {
    const lines = [
      line('标题', 0, 0, 400, 30),
      line('左一', 0, 50, 150, 20),
      line('右一', 250, 62, 150, 20),
      line('左二', 0, 80, 150, 20),
      line('右二', 250, 92, 150, 20),
      line('左三', 0, 110, 150, 20),
    ];
    expect(read(lines)).toBe('标题\n左一\n左二\n左三\n右一\n右二');
  });

  it('reads a table row by row, not column by column', () => {
    const lines = [
      line('ALT', 0, 0, 40, 20),
      line('25.6', 200, 1, 40, 20),
      line('TBIL', 0, 30, 40, 20),
      line('11.2', 200, 31, 40, 20),
    ];
    expect(read(lines)).toBe('ALT 25.6\nTBIL 11.2');
  });
});
