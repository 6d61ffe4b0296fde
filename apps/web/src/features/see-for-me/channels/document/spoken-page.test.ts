import { describe, expect, it } from 'vitest';
import { speakingMs, spokenPage } from './spoken-page.ts';

const t = (key: string, params?: Record<string, string>) => `${key}(${params?.text ?? ''})`;

describe('a page said aloud', () => {
  it('names headings as such and puts each block on its own line', () => {
    expect(
      spokenPage(
        [
          { kind: 'heading', text: '通知' },
          { kind: 'paragraph', text: '明天停水。' },
          { kind: 'paragraph', text: '请提前储水。' },
        ],
        t,
      ),
    ).toBe('channel-document:heading(通知)\n明天停水。\n请提前储水。');
  });

  it('takes longer to say Chinese than as many Latin letters', () => {
    expect(speakingMs('明天停水')).toBe(1000);
    expect(speakingMs('abcd')).toBeLessThan(speakingMs('明天停水'));
  });
});
