import { describe, expect, it } from 'vitest';
import { answerQuestion, classAskedAbout, intentOf, type QuestionFacts } from './answer-question.ts';
import type { DetectedObject } from './object-detector.ts';

const obj = (label: string, score: number, x = 0.4): DetectedObject => ({
  label,
  score,
  box: { x, y: 0.3, width: 0.1, height: 0.2 },
});
const facts = (over: Partial<QuestionFacts> = {}): QuestionFacts => ({
  objects: [],
  text: [],
  lights: [],
  ...over,
});

describe('question intent', () => {
  it('recognises colour, text, count and presence questions', () => {
    expect(intentOf('红绿灯是什么颜色')).toBe('light');
    expect(intentOf('衣服是什么颜色')).toBe('colour');
    expect(intentOf('现在是绿灯吗')).toBe('light');
    expect(intentOf('is the light green')).toBe('light');
    expect(intentOf('上面写的什么')).toBe('text');
    expect(intentOf('这个多少钱')).toBe('text');
    expect(intentOf('有几个人')).toBe('count');
    expect(intentOf('有没有狗')).toBe('presence');
    expect(classAskedAbout('前面有几辆车')).toBe('car');
    expect(classAskedAbout('红绿灯是什么颜色')).toBe('traffic light');
  });
});

describe('answerQuestion', () => {
  it('counts persons', () => {
    const answer = answerQuestion(
      '有几个人？',
      facts({ objects: [obj('person', 0.7), obj('person', 0.6, 0.1), obj('dog', 0.9)] }),
    );
    expect(answer).toBe('画面中有两个人。');
  });
  it('says when it found none, without claiming there are none', () => {
    expect(answerQuestion('有几辆车', facts())).toBe('画面中没有识别到汽车。');
  });
  it('reads the text', () => {
    const answer = answerQuestion(
      '上面写的什么',
      facts({ text: [{ text: '出口', height: 20, score: 0.9 }] }),
    );
    expect(answer).toBe('上面写着：出口');
  });
  it('answers a traffic-light colour only when it was determined', () => {
    const lights = [{ place: 'centre' as const, colour: 'red' as const }];
    expect(answerQuestion('红绿灯是什么颜色', facts({ lights }))).toContain('正前方的红绿灯看起来是红灯');
    expect(
      answerQuestion('is the light green', facts({ lights: [{ place: 'left', colour: null }] })),
    ).toContain('无法可靠地判断');
    expect(answerQuestion('红绿灯是什么颜色', facts())).toContain('没有识别到红绿灯');
  });
  it('says it cannot tell about things it cannot detect', () => {
    expect(answerQuestion('有没有台阶？', facts({ objects: [obj('person', 0.8)] }))).toBe(
      '我无法从画面中确定有没有台阶。',
    );
    expect(answerQuestion('他的衣服是什么颜色', facts({ objects: [obj('person', 0.8)] }))).toContain(
      '我无法从画面中确定',
    );
  });
});

describe('questions answered from the text in view', () => {
  const rows = (...lines: string[]) =>
    facts({ text: lines.map((text, i) => ({ text, height: 40 - i, score: 0.95 })) });

  it('reads back the printed line with the field it came from', () => {
    expect(answerQuestion('末班车几点', rows('88路 公交站', '首班 6:00', '末班 23:00'))).toBe(
      '关于时间，上面写着：末班 23:00。',
    );
    expect(answerQuestion('这个药一次吃几粒', rows('盐酸二甲双胍片', '规格 0.5g', '一次1粒 每日2次'))).toBe(
      '关于用法用量，上面写着：一次1粒 每日2次。',
    );
    expect(answerQuestion('有效期到什么时候', rows('牛奶 250ml', '保质期至 2027.03.01'))).toBe(
      '关于有效期，上面写着：保质期至 2027.03.01。',
    );
    expect(answerQuestion('这个多少钱', rows('红富士苹果', '¥12.80/斤'))).toBe(
      '关于价格，上面写着：¥12.80/斤。',
    );
    expect(answerQuestion('客服电话是多少', rows('感谢惠顾', '客服热线 400-820-1234'))).toBe(
      '关于电话，上面写着：客服热线 400-820-1234。',
    );
    expect(answerQuestion('这是什么药', rows('阿莫西林胶囊', '0.25g×24粒'))).toBe(
      '关于名称，上面写着：阿莫西林胶囊。',
    );
  });

  it('a question on no field is answered by a line sharing its words, or honestly not at all', () => {
    expect(answerQuestion('出口在哪', rows('出口 EXIT →', '小心台阶'))).toBe('上面有一行写着：出口 EXIT →。');
    expect(answerQuestion('这个药一次吃几粒', rows('欢迎光临'))).toBe('我无法从画面中确定这个药一次吃几粒。');
  });
});
