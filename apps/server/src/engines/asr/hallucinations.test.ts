import { describe, expect, it } from 'vitest';
import { dropHallucinations } from './hallucinations.ts';

describe('dropHallucinations', () => {
  it.each([
    '谢谢观看',
    '谢谢大家的观看！',
    '感谢您的收看。',
    '字幕由Amara.org社区提供',
    '中文字幕由 Amara.org 社群提供',
    '(字幕:J Chong)',
    '请不吝点赞 订阅 转发 打赏支持明镜与点点栏目',
    '点赞、订阅、转发',
    '欢迎订阅我的频道',
    '优优独播剧场——YoYo Television Series Exclusive',
    'Thank you for watching!',
    'Subtitles by the Amara.org community',
    ' 。 ',
  ])('"%s" is what a model invents: nothing was said', (text) => {
    expect(dropHallucinations(text)).toBe('');
  });

  it('keeps what was said around an invented phrase', () => {
    expect(dropHallucinations('前面有什么？谢谢观看。')).toBe('前面有什么？');
    expect(dropHallucinations('字幕由Amara.org社区提供 左边是门')).toBe('左边是门');
  });

  it.each(['谢谢', '前面有什么', '这个字幕是什么意思', '请问这多少钱'])(
    '"%s" is speech and stays',
    (text) => {
      expect(dropHallucinations(text)).toBe(text);
    },
  );
});
