import { describe, expect, it } from 'vitest';
import { cleanMarkdown, estimateSpeechMs, MAX_CHUNK_CHARS, splitForSpeech } from './speech-text.ts';

/** mulberry32: a small seeded generator, so a failing case can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ALPHABET = [
  '你',
  '好',
  '路',
  '口',
  'a',
  'B',
  ' ',
  '，',
  '。',
  '！',
  '？',
  '.',
  '!',
  '?',
  '\n',
  '1',
  '😀',
];
function randomText(rand: () => number, maxLen: number): string {
  const len = Math.floor(rand() * maxLen);
  let s = '';
  for (let i = 0; i < len; i += 1) {
    // long runs without a sentence end now and then
    s +=
      rand() < 0.1
        ? '长'.repeat(Math.floor(rand() * 300))
        : (ALPHABET[Math.floor(rand() * ALPHABET.length)] ?? '');
  }
  return s;
}
const RUNS = 300;
const strip = (s: string) => s.replace(/\s+/g, '');

describe('splitForSpeech (property tests, seeded)', () => {
  it('every chunk is non-blank and at most 200 characters', () => {
    const rand = prng(1);
    for (let run = 0; run < RUNS; run += 1) {
      const text = randomText(rand, 60);
      for (const chunk of splitForSpeech(text)) {
        expect(chunk.trim()).not.toBe('');
        expect([...chunk].length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
      }
    }
  });

  it('loses and reorders nothing but whitespace', () => {
    const rand = prng(2);
    for (let run = 0; run < RUNS; run += 1) {
      const text = randomText(rand, 60);
      expect(strip(splitForSpeech(text).join(''))).toBe(strip(text));
    }
  });

  it('a chunk ends at a sentence end unless it is the last one or a hard cut of 200', () => {
    const rand = prng(3);
    for (let run = 0; run < RUNS; run += 1) {
      const chunks = splitForSpeech(randomText(rand, 60));
      chunks.slice(0, -1).forEach((chunk) => {
        const endsSentence = /[。！？.!?]$/.test(chunk);
        // otherwise it was cut: it could not have taken the next chunk too
        const next = chunks[chunks.indexOf(chunk) + 1] ?? '';
        expect(endsSentence || [...chunk].length + [...next].length > MAX_CHUNK_CHARS).toBe(true);
      });
    }
  });

  it('examples', () => {
    expect(splitForSpeech('前方有台阶。请小心！')).toEqual(['前方有台阶。请小心！']);
    expect(splitForSpeech('一。二。', 2)).toEqual(['一。', '二。']);
    expect(splitForSpeech('长'.repeat(450))).toEqual(['长'.repeat(200), '长'.repeat(200), '长'.repeat(50)]);
    expect(splitForSpeech('   ')).toEqual([]);
  });
});

describe('cleanMarkdown', () => {
  it('removes headings, list marks, quotes, code fences, bold, italic, links, images and rules', () => {
    const md = [
      '# 标题',
      '## Second *level*',
      '- 第一项',
      '* 第二项',
      '1. 第三项',
      '> 引用的话',
      '```js',
      'const a = 1;',
      '```',
      '这是**加粗**和*斜体*还有__粗__和_斜_',
      '[链接文字](https://example.com) ![图片说明](a.png)',
      '---',
      '',
      '',
      '',
      '',
      '结尾',
    ].join('\n');
    const clean = cleanMarkdown(md);
    expect(clean).toBe(
      [
        '标题',
        'Second level',
        '第一项',
        '第二项',
        '第三项',
        '引用的话',
        'const a = 1;',
        '这是加粗和斜体还有粗和斜',
        '链接文字 图片说明',
        '',
        '结尾',
      ].join('\n'),
    );
  });

  it('never leaves markdown marks nor 3+ newlines, and keeps plain text as it is (seeded)', () => {
    const rand = prng(4);
    const lines = [
      '# 标题',
      '### 小标题',
      '- 项',
      '+ 项',
      '2. 项',
      '> 引用',
      '**粗**体',
      '*斜*体',
      '`码`',
      '\n\n\n\n',
      '---',
      '[链接](http://x)',
      '![图](a.png)',
      '普通文字',
    ];
    for (let run = 0; run < RUNS; run += 1) {
      let md = '';
      const parts = 1 + Math.floor(rand() * 8);
      for (let i = 0; i < parts; i += 1) md += `${lines[Math.floor(rand() * lines.length)] ?? ''}\n`;
      const clean = cleanMarkdown(md);
      expect(clean).not.toMatch(/\n{3,}/);
      expect(clean).not.toMatch(/^#|^> |^- |\*\*|`|\]\(/m);
      const plain = randomText(rand, 30).replace(/[\n*#>`_\-[\]()~]/g, '');
      expect(cleanMarkdown(plain)).toBe(plain.trim());
    }
  });
});

describe('estimateSpeechMs', () => {
  it('grows with the text and shrinks with the rate', () => {
    expect(estimateSpeechMs('一二三四五六七八九十', 1)).toBeGreaterThan(estimateSpeechMs('一', 1));
    expect(estimateSpeechMs('一二三四五六七八九十', 2)).toBeLessThan(
      estimateSpeechMs('一二三四五六七八九十', 1),
    );
  });
});
