import { describe, expect, it } from 'vitest';
import { asksAboutLight } from './light-question.ts';

describe('questions about the light', () => {
  it.each([
    '灯开着吗',
    '灯开着吗？',
    '亮不亮',
    '开灯了吗',
    '灯关了没有',
    '现在有光吗',
    'Is the light on?',
    'are the lights off',
    'how bright is it',
  ])('%s is one', (question) => expect(asksAboutLight(question)).toBe(true));

  it.each(['这是什么颜色', '前面有什么', 'what colour is this', 'read the label'])('%s is not', (question) =>
    expect(asksAboutLight(question)).toBe(false),
  );
});
