import { describe, expect, it } from 'vitest';
import { completeSentencesEnd } from './sentence-speaker.ts';

describe('completeSentencesEnd', () => {
  it.each([
    ['你好', 0],
    ['你好！我是', 3],
    ['第一句。第二句？第三', 8],
    ['一、买菜\n二、', 5],
    ['It costs 3.5 yuan', 0],
    ['It costs 3.5 yuan. Then', 18],
    ['See example.com', 0],
  ])('%j → %i', (text, end) => {
    expect(completeSentencesEnd(text)).toBe(end);
  });
});
