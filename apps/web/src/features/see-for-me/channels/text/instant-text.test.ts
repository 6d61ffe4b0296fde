import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../ocr/ocr-client.ts';
import { InstantText, REPEAT_WINDOW_MS, TEXT_TICK } from './instant-text.ts';

let rowOf = 0;
const line = (text: string, score = 0.95, row = rowOf++): OcrLine => ({
  text,
  score,
  box: { x: 0, y: 0, width: 100, height: 20 },
  row,
});
const said = (cues: ReturnType<InstantText['cues']>) =>
  cues.flatMap((c) => (c.say && 'text' in c.say ? [c.say.text] : []));

describe('InstantText', () => {
  it('reads new text after a tick, then not again while it stays in view', () => {
    const text = new InstantText();
    const first = text.cues([line('出口'), line('EXIT')], 0);
    expect(first[0]).toEqual({ tone: TEXT_TICK });
    expect(said(first)).toEqual(['出口\nEXIT']);
    for (let t = 1000; t <= 60_000; t += 1000) expect(text.cues([line('出口'), line('EXIT')], t)).toEqual([]);
  });

  it('one character read differently, a dropped space or a full stop does not make a line new', () => {
    const text = new InstantText();
    text.cues([line('请勿在此处停车'), line('No parking here')], 0);
    expect(text.cues([line('请勿在此外停车'), line('Noparking here.')], 500)).toEqual([]);
  });

  it('reads a line coming into view beside text already read, without stopping what is said', () => {
    const text = new InstantText();
    text.cues([line('营业时间')], 0);
    const cues = text.cues([line('营业时间'), line('早上九点至晚上九点')], 800);
    expect(said(cues)).toEqual(['早上九点至晚上九点']);
    expect(cues.some((c) => c.interrupt || c.hush)).toBe(false);
  });

  it('new text replacing the old in view stops what was being read and reads the new', () => {
    const text = new InstantText();
    text.cues([line('第一站 人民广场')], 0);
    const cues = text.cues([line('第二站 南京东路')], 1000);
    expect(cues[0]).toEqual({ tone: TEXT_TICK, interrupt: true });
    expect(said(cues)).toEqual(['第二站 南京东路']);
  });

  it('text that left the view is not repeated within the window, and is read again after it', () => {
    const text = new InstantText();
    text.cues([line('药品名称 阿莫西林')], 0);
    expect(text.cues([], 1000)).toEqual([]);
    expect(text.cues([line('药品名称 阿莫西林')], 1000 + REPEAT_WINDOW_MS - 100)).toEqual([]);
    expect(text.cues([], 1000 + REPEAT_WINDOW_MS)).toEqual([]);
    expect(said(text.cues([line('药品名称 阿莫西林')], 2000 + 2 * REPEAT_WINDOW_MS))).toEqual([
      '药品名称 阿莫西林',
    ]);
  });

  it('text held still (its frames skipped as unchanged) is not repeated however long it is held', () => {
    const text = new InstantText();
    text.cues([line('小心地滑')], 0);
    // no look for a minute: the view did not change
    expect(text.cues([line('小心地滑')], 60_000)).toEqual([]);
  });

  it('a piece of a line already read (the line half out of view) is not read again', () => {
    const text = new InstantText();
    text.cues([line('上海市第一人民医院')], 0);
    expect(text.cues([line('第一人民医院')], 500)).toEqual([]);
  });

  it('leaves doubtful readings and symbol noise unsaid', () => {
    const text = new InstantText();
    expect(text.cues([line('出口', 0.55), line('|-:=;', 0.99), line('—', 0.99)], 0)).toEqual([]);
    expect(said(text.cues([line('男', 0.97), line('3', 0.85)], 100))).toEqual(['男']);
  });

  it('says lines of one row side by side, rows apart, each line once', () => {
    const text = new InstantText();
    const cues = text.cues(
      [line('出口', 0.95, 0), line('EXIT', 0.95, 0), line('出口', 0.9, 1), line('安全通道', 0.95, 2)],
      0,
    );
    expect(said(cues)).toEqual(['出口 EXIT\n安全通道']);
  });
});
